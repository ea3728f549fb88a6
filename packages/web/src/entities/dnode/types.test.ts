import type {
  BatchRelationsWithData as BatchRelationsWithDataJson,
  CreateDnodeInput,
  DnodeJson,
  RelationJson,
  RelationsWithData as RelationsWithDataJson,
  UpdateDnodeInput,
} from "@zhishu/shared";
import { describe, expectTypeOf, it } from "vitest";
import type { CreateBody, UpdateBody } from "./api";
import type { BatchRelationsWithData, Dnode, Relation, RelationsWithData } from "./types";

// The web's node shapes are the shared contracts, loosened only where the web holds nodes of its own
// making: every answer the server may send is one the web reads, and every body the web sends is one
// the server's schema takes. These fail the type check (npm run typecheck) when the two drift apart.
describe("the dnode entity's types follow the shared contracts", () => {
  it("reads every answer the contracts allow", () => {
    expectTypeOf<DnodeJson>().toExtend<Dnode>();
    expectTypeOf<RelationJson>().toExtend<Relation>();
    expectTypeOf<RelationsWithDataJson>().toExtend<RelationsWithData>();
    expectTypeOf<BatchRelationsWithDataJson>().toExtend<BatchRelationsWithData>();
    expectTypeOf<Dnode["permissions"]>().toEqualTypeOf<DnodeJson["permissions"] | undefined>();
  });

  it("sends only bodies the request schemas take", () => {
    expectTypeOf<CreateBody>().toExtend<CreateDnodeInput>();
    expectTypeOf<UpdateBody>().toEqualTypeOf<UpdateDnodeInput>();
  });
});
