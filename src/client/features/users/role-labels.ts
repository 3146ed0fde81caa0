import type { Role } from "../../../domain/roles";
import { t } from "../../i18n";

// The words are in users.json (users.role.*): these read them in the language of the moment.

export const roleLabel = (role: Role): string => t(`users.role.${role}`);

/** What each role may do (CONTRACT.md section 6): money (costs, values) is the administrator's only. */
export const roleDescription = (role: Role): string => t(`users.roleDescription.${role}`);

/** "clerk1 is now a viewer." */
export const roleWithArticle = (role: Role): string => t(`users.roleWithArticle.${role}`);
