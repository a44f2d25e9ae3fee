/** Shared fixtures for machine models. */
import type { User } from '../../contract/shapes.js';

export const aUser: User = {
  _id: 'u_alice',
  userName: 'alice',
  fullName: 'Alice Example',
  email: 'alice@example.com',
  avatar: 'http://localhost/media/avatars/a.webp',
  coverImage: 'http://localhost/media/covers/a.webp',
  description: '',
  tags: [{ name: 'music' }],
  createdAt: '2026-01-01T00:00:00.000Z',
};
