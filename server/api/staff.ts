import { Hono } from 'hono';
import type { AppEnv } from '../deps.ts';
import { readIdParam, readJsonObject } from '../http/input.ts';
import type { AppServices } from '../services/index.ts';

/**
 * GET /admin/me: the signed-in member of staff, their role and what it may do,
 * and whether they signed in before this session. Open to every role.
 */
export function adminMeApi({ staff }: AppServices) {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => c.json(await staff.me(c.get('staff'))));
  return app;
}

/**
 * The owner's management of staff (the `staff` family):
 * GET /admin/users: accounts and pending invitations (with `?q=`, those whose name or address contains it);
 * POST /admin/users: invites an address with a role (a mailed link, 72 hours);
 * PUT /admin/users/{id}: changes a role (and name);
 * DELETE /admin/users/{id}: removes an account and ends its sessions;
 * DELETE /admin/users/invitations/{id}: revokes a pending invitation.
 */
export function adminUsersApi({ staff }: AppServices) {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => c.json(await staff.list(c.req.query())));
  app.post('/', async (c) => {
    const invitation = await staff.invite(await readJsonObject(c), c.get('staff'));
    c.set('audit', { action: 'staff.invite', entity: 'staff_invitation', entityId: invitation.id, detail: { email: invitation.email, role: invitation.role } });
    return c.json(invitation, 201);
  });
  app.delete('/invitations/:id', async (c) => {
    const id = readIdParam(c, 'Invitation');
    await staff.revokeInvitation(id);
    c.set('audit', { action: 'staff.invitation_revoke', entity: 'staff_invitation', entityId: id });
    return c.body(null, 204);
  });
  app.put('/:id', async (c) => {
    const id = readIdParam(c, 'User');
    const { user, from } = await staff.update(id, await readJsonObject(c));
    c.set('audit', { action: 'user.role_change', entity: 'user', entityId: id, detail: { from, to: user.role } });
    return c.json(user);
  });
  app.delete('/:id', async (c) => {
    const id = readIdParam(c, 'User');
    const removed = await staff.remove(id, c.get('staff'));
    c.set('audit', { action: 'user.remove', entity: 'user', entityId: id, detail: removed });
    return c.body(null, 204);
  });
  return app;
}
