/** Small HTTP helpers for the bench: sign in as a demo account or a new one, pick a video. */
import { DEMO_CHANNELS, DEMO_PASSWORD } from '../../server/seed/demo-data.js';

export interface SignedIn {
  /** `accessToken=…; refreshToken=…`, ready for a Cookie header. */
  cookie: string;
  cookies: { name: string; value: string }[];
}

/** Signs in as the first demo channel (every bench dataset starts from the demo content). */
export async function signIn(baseUrl: string): Promise<SignedIn> {
  const channel = DEMO_CHANNELS[0]!;
  const res = await fetch(`${baseUrl}/api/v1/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      userName: channel.userName,
      email: channel.email,
      password: DEMO_PASSWORD,
    }),
  });
  if (!res.ok) throw new Error(`demo sign-in failed: ${res.status} ${await res.text()}`);
  const cookies = res.headers.getSetCookie().map((header) => {
    const [pair = ''] = header.split(';');
    const eq = pair.indexOf('=');
    return { name: pair.slice(0, eq), value: pair.slice(eq + 1) };
  });
  return { cookies, cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; ') };
}

interface VideoList {
  data: { videos: { _id: string; videoFile: string; title: string }[] };
}

/** The newest published video (the one the home page shows first). */
export async function firstVideo(
  baseUrl: string,
): Promise<{ id: string; videoFile: string; title: string }> {
  const res = await fetch(`${baseUrl}/api/v1/videos?page=1&limit=1`);
  if (!res.ok) throw new Error(`video list failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as VideoList;
  const video = body.data.videos[0];
  if (!video) throw new Error('the dataset has no published video');
  return { id: video._id, videoFile: video.videoFile, title: video.title };
}

/** Registers `userName` (no pictures) and signs in; returns the Cookie header of the session. */
export async function registerAndSignIn(baseUrl: string, userName: string): Promise<string> {
  const user = {
    fullName: 'Bench User',
    userName,
    email: `${userName}@example.com`,
    password: 'bench-password',
  };
  const form = new FormData();
  for (const [k, v] of Object.entries(user)) form.append(k, v);
  const reg = await fetch(`${baseUrl}/api/v1/users/register`, { method: 'POST', body: form });
  if (!reg.ok) throw new Error(`register failed: ${reg.status} ${await reg.text()}`);
  const res = await fetch(`${baseUrl}/api/v1/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: user.userName, email: user.email, password: user.password }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
