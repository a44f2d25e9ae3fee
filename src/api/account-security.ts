/**
 * The real actors of Settings → Devices and Settings → Two-step sign-in (issue 32), over the one
 * HTTP client. Only the settings page's chunk imports this module.
 */
import { fromPromise } from 'xstate';
import type { Device, DeviceList, SignedOutCount } from '../../contract/devices';
import type { RecoveryCodes, TwoStepSetup, TwoStepStatus } from '../../contract/two-step';
import { request } from './client';

export const accountSecurityActors = {
  fetchDevices: fromPromise<Device[]>(async () => {
    const data = await request<DeviceList>({ method: 'GET', url: '/users/sessions' });
    return data.devices;
  }),
  signOutDevice: fromPromise<void, { sessionId: string }>(async ({ input }) => {
    await request<unknown>({
      method: 'DELETE',
      url: `/users/sessions/${encodeURIComponent(input.sessionId)}`,
    });
  }),
  signOutOthers: fromPromise<number>(async () => {
    const data = await request<SignedOutCount>({
      method: 'POST',
      url: '/users/sessions/sign-out-others',
    });
    return data.signedOut;
  }),
  fetchStatus: fromPromise<TwoStepStatus>(() =>
    request<TwoStepStatus>({ method: 'GET', url: '/users/two-step' }),
  ),
  beginSetup: fromPromise<TwoStepSetup>(() =>
    request<TwoStepSetup>({ method: 'POST', url: '/users/two-step/setup' }),
  ),
  enable: fromPromise<string[], { code: string }>(async ({ input }) => {
    const data = await request<RecoveryCodes>({
      method: 'POST',
      url: '/users/two-step/enable',
      data: input,
    });
    return data.recoveryCodes;
  }),
  renewCodes: fromPromise<string[], { code: string }>(async ({ input }) => {
    const data = await request<RecoveryCodes>({
      method: 'POST',
      url: '/users/two-step/recovery-codes',
      data: input,
    });
    return data.recoveryCodes;
  }),
  disable: fromPromise<void, { code: string }>(async ({ input }) => {
    await request<unknown>({ method: 'POST', url: '/users/two-step/disable', data: input });
  }),
};

export type AccountSecurityActors = typeof accountSecurityActors;
