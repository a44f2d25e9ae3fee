/**
 * Requests and responses of API.md's Users calls (history excepted: see its own contract).
 * Text fields are trimmed (and userName/email lower-cased) by the server before these schemas
 * run, so `minLength: 1` also refuses blank input.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Id, ClosedBody } from './common.js';
import { TEXT_RULES } from './field-rules.js';
import { LIMITS } from './limits.js';
import { ImageSizes, User } from './shapes.js';

export const UserName = Type.String({
  ...TEXT_RULES.userName,
  description: 'a-z, 0-9, "_" and "."; upper-case input is accepted and stored lower-case',
});
export const FullName = Type.String(TEXT_RULES.fullName);
export const Email = Type.String(TEXT_RULES.email);
/** At least one non-space character: a password of blanks is a blank field. */
export const Password = Type.String(TEXT_RULES.password);

/** Multipart file parts, for the OpenAPI document (the server reads them from the stream). */
const ImageFile = Type.String({
  format: 'binary',
  description: 'PNG, JPG, GIF or WebP up to 10 MB; re-encoded to WebP',
});

export const RegisterBody = ClosedBody(
  Type.Object({
    fullName: FullName,
    userName: UserName,
    email: Email,
    password: Password,
    avatar: Type.Optional(ImageFile),
    coverImage: Type.Optional(ImageFile),
  }),
);
export type RegisterBody = Static<typeof RegisterBody>;

/**
 * POST /users/availability (public, rate-limited): whether a user name and/or an email address is
 * already taken, for the sign-up form to say so while the person types. Each value given is
 * checked by the same rules as registering (trimmed and lower-cased first); the answer is only
 * "taken" or "available" per value, never whose it is. POST, so that an address never lands in
 * an access log's URL.
 */
export const AvailabilityBody = ClosedBody(
  Type.Object({
    userName: Type.Optional(UserName),
    email: Type.Optional(Email),
  }),
);
export type AvailabilityBody = Static<typeof AvailabilityBody>;

export const Availability = Type.Union([Type.Literal('taken'), Type.Literal('available')]);
export type Availability = Static<typeof Availability>;

/** One answer per value asked about. */
export const AvailabilityData = Type.Object({
  userName: Type.Optional(Availability),
  email: Type.Optional(Availability),
});
export type AvailabilityData = Static<typeof AvailabilityData>;

/**
 * The SPA sends all three; each identifier that is given must name the same account, and at least
 * one must be given. Lengths are capped only to bound work: any mismatch is the same 401.
 */
export const LoginBody = ClosedBody(
  Type.Object({
    userName: Type.Optional(Type.String({ maxLength: 254 })),
    email: Type.Optional(Type.String({ maxLength: 254 })),
    password: Type.String({ minLength: 1, maxLength: LIMITS.password.max }),
  }),
);
export type LoginBody = Static<typeof LoginBody>;

export const LoginData = Type.Object({ user: User });
export type LoginData = Static<typeof LoginData>;

/** POST /users/session: the signed-in user, or null for a visitor (one call at app start). */
export const SessionData = Type.Object({ user: Type.Union([User, Type.Null()]) });
export type SessionData = Static<typeof SessionData>;

export const ChangePasswordBody = ClosedBody(
  Type.Object({
    oldPassword: Type.String({ minLength: 1, maxLength: LIMITS.password.max }),
    newPassword: Password,
    /**
     * Issue 32: whether the account's other sessions end with the change. Absent means true,
     * as before the choice existed.
     */
    signOutOthers: Type.Optional(Type.Boolean()),
  }),
);
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

export const AccountDetailsBody = ClosedBody(
  Type.Object({
    fullName: FullName,
    email: Email,
  }),
);
export type AccountDetailsBody = Static<typeof AccountDetailsBody>;

export const AvatarBody = ClosedBody(Type.Object({ avatar: ImageFile }));
export const CoverImageBody = ClosedBody(Type.Object({ coverImage: ImageFile }));

export const ChannelParams = Type.Object({
  userName: Type.String({ minLength: 1, maxLength: LIMITS.userName.max }),
});

export const Channel = Type.Object({
  _id: Id,
  userName: Type.String(),
  fullName: Type.String(),
  avatar: Type.String(),
  avatarSizes: ImageSizes,
  coverImage: Type.String(),
  coverImageSizes: ImageSizes,
  description: Type.String(),
  subscriberCount: Type.Integer(),
  channelsSubscribedToCount: Type.Integer(),
  isSubscribed: Type.Boolean(),
});
export type Channel = Static<typeof Channel>;
