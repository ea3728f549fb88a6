import { configure } from "@testing-library/react";

// findBy*/waitFor wait up to 1 s by default: too short on a loaded machine (see vitest.config.ts).
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks what antd's responsive components ask the browser for.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// jsdom has no ResizeObserver; antd's ellipsis and virtual lists only need it to exist.
if (!("ResizeObserver" in globalThis)) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}
