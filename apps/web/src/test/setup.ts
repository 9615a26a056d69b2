// Component tests (jsdom): unmount after each test and give jsdom the few browser APIs Radix and the kit call.
import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

class ResizeObserverFalso {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverFalso as unknown as typeof ResizeObserver;
window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addListener() {},
  removeListener() {},
  addEventListener() {},
  removeEventListener() {},
  dispatchEvent: () => false,
})) as unknown as typeof window.matchMedia;
Element.prototype.scrollIntoView ??= () => {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};
Element.prototype.setPointerCapture ??= () => {};
// jsdom's Blob/File cannot be read with the promise methods browsers have: read them with its FileReader
function lerComo<T>(blob: Blob, modo: "readAsArrayBuffer" | "readAsText"): Promise<T> {
  return new Promise((resolve, reject) => {
    const leitor = new FileReader();
    leitor.onload = () => resolve(leitor.result as T);
    leitor.onerror = () => reject(leitor.error);
    leitor[modo](blob);
  });
}
Blob.prototype.arrayBuffer ??= function (this: Blob) {
  return lerComo<ArrayBuffer>(this, "readAsArrayBuffer");
};
Blob.prototype.text ??= function (this: Blob) {
  return lerComo<string>(this, "readAsText");
};
// the machine may be busy (tests run beside the server's): give findBy/waitFor time before calling a failure
configure({ asyncUtilTimeout: 5_000 });
