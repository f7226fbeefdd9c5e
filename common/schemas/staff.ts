import { z } from 'zod';
import { STAFF_ROLES } from '../staff-roles.ts';
import { emailField } from './email.ts';

const roleField = z.enum(STAFF_ROLES, { error: 'Role must be one of owner, admin or editor' });

/** Inviting a member of staff: where the link goes and the role it gives. */
export const inviteStaffSchema = z.object({ email: emailField, role: roleField });

export const NAME_MAX_LENGTH = 100;

const nameField = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(NAME_MAX_LENGTH, `Name must be at most ${NAME_MAX_LENGTH} characters`);

/** The owner's change to an account: its role, and its name when given. */
export const updateStaffSchema = z.object({ role: roleField, name: nameField.optional() });

/** The most characters an invitation's token can have (its 32 random bytes take 43). */
export const INVITATION_TOKEN_MAX_LENGTH = 100;
export const INVITATION_INVALID = 'This invitation is no longer valid.';
export const INVITATION_EXPIRED = 'This invitation has expired. Ask for a new one.';

/** Accepting an invitation: the link's token, the name to show and the password (its policy is checked on the server). */
export const acceptInvitationSchema = z.object({
  token: z
    .string({ error: 'Token is required' })
    .min(1, 'Token is required')
    .max(INVITATION_TOKEN_MAX_LENGTH, INVITATION_INVALID),
  name: nameField,
  password: z.string({ error: 'Password is required' }).max(1024, 'Password must be at most 1024 characters'),
});
