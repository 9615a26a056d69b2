import { describe, expect, it } from "vitest";
import { agendaDe } from "./inbox-schedule.js";

describe("the inbox schedule of one instance", () => {
  it("asks for a queued job only while the company's job is not running here", () => {
    const a = agendaDe({});
    expect(a.gravado("e1")).toBe(false);
    a.comecar("e1");
    expect(a.gravado("e1")).toBe(true);
    expect(a.gravado("e2")).toBe(false); // another company
    a.largar("e1");
    expect(a.gravado("e1")).toBe(false);
  });

  it("lets the job end only when nothing was committed since its last look", () => {
    const a = agendaDe({});
    a.comecar("e1");
    const marca = a.marca("e1");
    expect(a.gravado("e1")).toBe(true); // committed while the job was looking: the job must look again
    expect(a.podeTerminar("e1", marca)).toBe(false);
    expect(a.gravado("e1")).toBe(true); // still running
    const outra = a.marca("e1");
    expect(a.podeTerminar("e1", outra)).toBe(true);
    // ended: the next commit goes through the queue
    expect(a.gravado("e1")).toBe(false);
  });

  it("is one per app", () => {
    const deps = {};
    agendaDe(deps).comecar("e1");
    expect(agendaDe(deps).gravado("e1")).toBe(true);
    expect(agendaDe({}).gravado("e1")).toBe(false);
  });
});
