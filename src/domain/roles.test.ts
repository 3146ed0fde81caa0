import { describe, expect, it } from "vitest";
import { type Access, ROLES, type Role, roleAllows } from "./roles";

/** CONTRACT.md section 6, written out by hand: who may do what. */
const TABLE: Record<Access, Record<Role, boolean>> = {
  public: { admin: true, clerk: true, viewer: true },
  read: { admin: true, clerk: true, viewer: true },
  record: { admin: true, clerk: true, viewer: false },
  admin: { admin: true, clerk: false, viewer: false },
};

describe("roleAllows", () => {
  it("follows the role x access table", () => {
    expect(ROLES).toEqual(["admin", "clerk", "viewer"]);
    for (const access of Object.keys(TABLE) as Access[]) {
      for (const role of ROLES) {
        expect(roleAllows(role, access), `${role} on ${access}`).toBe(TABLE[access][role]);
      }
    }
  });
});
