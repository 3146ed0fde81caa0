import { describe, expect, it } from "vitest";
import { diffFields, HistoryChangesSchema, HistoryEntrySchema, PASSWORD_CHANGED } from "./history";

/** Who did what (issue 16 point 4): a history entry records the fields that changed, before and after. */

describe("diffFields: the fields that changed between two states of a record", () => {
  const warehouse = {
    id: 4,
    name: "Main",
    location: "Dock 2",
    isActive: true,
    createdAt: "2024-03-05T10:00:00Z",
  };

  it("a create records every field as [null, value], without id and createdAt", () => {
    expect(diffFields(null, warehouse)).toEqual({
      name: [null, "Main"],
      location: [null, "Dock 2"],
      isActive: [null, true],
    });
  });

  it("a delete records every field as [value, null]", () => {
    expect(diffFields(warehouse, null)).toEqual({
      name: ["Main", null],
      location: ["Dock 2", null],
      isActive: [true, null],
    });
  });

  it("an update records only what changed, including a field that appears or goes away", () => {
    const after = { ...warehouse, id: 5, createdAt: "2030-01-01T00:00:00Z", name: "North", isActive: false };
    expect(diffFields(warehouse, after)).toEqual({ name: ["Main", "North"], isActive: [true, false] });
    const { location: _gone, ...withoutLocation } = warehouse;
    expect(diffFields(withoutLocation, warehouse)).toEqual({ location: [null, "Dock 2"] });
    expect(diffFields(warehouse, withoutLocation)).toEqual({ location: ["Dock 2", null] });
  });

  it("a field empty on both sides is no change: missing, undefined and null are alike", () => {
    expect(diffFields({ location: null }, { location: undefined })).toEqual({});
    expect(diffFields({ location: undefined }, {})).toEqual({});
    expect(diffFields(null, { name: "A", location: null })).toEqual({ name: [null, "A"] });
    expect(diffFields(warehouse, { ...warehouse })).toEqual({});
  });
});

describe("the history answer", () => {
  it("holds [before, after] pairs, and for a password only the word 'changed'", () => {
    expect(PASSWORD_CHANGED).toBe("changed");
    const changes = { name: ["Main", "North"], password: "changed" };
    expect(HistoryChangesSchema.parse(changes)).toEqual(changes);
    expect(HistoryChangesSchema.safeParse({ password: "s3cret-pass" }).success).toBe(false);
    expect(HistoryChangesSchema.safeParse({ name: ["Main"] }).success).toBe(false);
    expect(HistoryChangesSchema.safeParse({ name: ["Main", "North", "South"] }).success).toBe(false);
  });

  it("names the action, the user and the time of each entry", () => {
    const entry = {
      id: 1,
      action: "update",
      changes: {},
      username: "admin",
      changedAt: "2024-03-05T10:00:00Z",
    };
    expect(HistoryEntrySchema.parse(entry)).toEqual(entry);
    expect(HistoryEntrySchema.safeParse({ ...entry, action: "rename" }).success).toBe(false);
    expect(HistoryEntrySchema.safeParse({ ...entry, username: undefined }).success).toBe(false);
  });
});
