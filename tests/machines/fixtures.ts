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
  emailConfirmed: true,
  pendingEmail: null,
};

/** The same user after a change of details or images (what the server answers). */
export const aUserUpdated: User = {
  ...aUser,
  fullName: 'Alice Renamed',
  email: 'alice.renamed@example.com',
  avatar: 'http://localhost/media/avatars/b.webp',
  coverImage: 'http://localhost/media/covers/b.webp',
};

/** An image the pickers accept and a file they must refuse. */
export const aPng = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });
export const aJpeg = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });
export const aTextFile = new Blob(['not an image'], { type: 'text/plain' });
/** What the loadDefaultImage fake answers (the bundled default picture). */
export const aDefaultImage = new Blob([new Uint8Array([0x89, 0x50])], { type: 'image/png' });

/** An API failure as the SPA's client raises it: an Error carrying the server's message. */
export const apiError = (message: string) => new Error(message);
