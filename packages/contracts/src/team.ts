import { z } from 'zod';
import { TEAM_ROLES, zEmail, zName } from './accounts.js';

export const ZTeamMemberSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  teamRole: z.enum(TEAM_ROLES),
  createdAt: z.number(),
  lastLoginAt: z.number().nullable(),
  /** False until the member has set a password from the invitation link. */
  active: z.boolean(),
});
export type TTeamMember = z.infer<typeof ZTeamMemberSchema>;

export const ZTeamInviteRequestSchema = z
  .object({ firstName: zName(), lastName: zName(), email: zEmail(), teamRole: z.enum(TEAM_ROLES) })
  .strict();
export const ZTeamRoleUpdateSchema = z.object({ teamRole: z.enum(TEAM_ROLES) }).strict();
