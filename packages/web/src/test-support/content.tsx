import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { Providers } from "../app/Providers";
import type { Dnode } from "../entities/dnode/types";

/** A node as the API sends it, with write rights unless the test says otherwise. */
export const makeNode = (over: Partial<Dnode> = {}): Dnode => ({
  id: 10,
  name: "宋史",
  type: "NOTE",
  content: {},
  parent_id: 9,
  main_relation: "CHILD_NODE",
  owner_id: 7,
  relations: {},
  permissions: { read: true, write: true, admin: false },
  ...over,
});

/** Renders inside the app's providers and a router, as the node page does. */
export const renderInApp = (ui: ReactNode) =>
  render(
    <Providers>
      <MemoryRouter>{ui}</MemoryRouter>
    </Providers>,
  );

/** The JSON body a mocked fetch call was sent. */
export const sentBody = (init: unknown) => JSON.parse(String((init as RequestInit).body));
