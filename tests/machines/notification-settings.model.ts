import { expect } from 'vitest';
import type { NotificationSettings } from '../../contract/notifications.js';
import {
  notificationSettingsMachine,
  SAVE_FAILED,
  selectHasFailed,
  selectIsSaving,
  selectSettings,
  type NotificationSettingsSnapshot,
} from '../../machines/notification-settings.machine.js';
import type { Model } from '../support/model.js';

const allOn: NotificationSettings = {
  newVideo: true,
  newSubscriber: true,
  comment: true,
  likeMilestone: true,
  videoReady: true,
  reply: true,
  mention: true,
  heart: true,
};
const commentsOff: NotificationSettings = { ...allOn, comment: false };

export const model: Model<typeof notificationSettingsMachine> = {
  name: 'notification settings',
  machine: notificationSettingsMachine,
  meaning: {
    loading: 'a spinner; GET /notifications/settings runs',
    failed: 'the settings could not be loaded; Retry is offered',
    ready: 'one switch per type, each as the server keeps it; all enabled',
    saving: 'the flipped switch shows its new position; the switches wait; one PATCH runs',
  },
  promiseActors: ['fetchSettings', 'saveSettings'],
  events: {
    'xstate.done.actor.fetchSettings': [{ type: 'xstate.done.actor.fetchSettings', output: allOn }],
    'xstate.error.actor.fetchSettings': [
      { type: 'xstate.error.actor.fetchSettings', error: new Error('Network down') },
    ],
    TOGGLE: [{ type: 'TOGGLE', key: 'comment' }],
    'xstate.done.actor.saveSettings': [
      { type: 'xstate.done.actor.saveSettings', output: commentsOff },
    ],
    'xstate.error.actor.saveSettings': [
      { type: 'xstate.error.actor.saveSettings', error: new Error('') },
    ],
  },
  assert: (snapshot, fakes, step) => {
    const s = snapshot as NotificationSettingsSnapshot;
    expect(selectHasFailed(s)).toBe(s.matches('failed'));
    expect(selectIsSaving(s)).toBe(s.matches('saving'));
    if (s.matches('loading') || s.matches('failed')) expect(selectSettings(s)).toBeNull();
    if (s.matches('saving')) {
      const before = selectSettings(step.previous as NotificationSettingsSnapshot)!;
      expect(selectSettings(s)).toEqual({ ...before, comment: !before.comment });
      expect(fakes.lastInput('saveSettings')).toEqual({ patch: { comment: !before.comment } });
    }
    if (s.matches('ready')) {
      const failedSave = step.event.type === 'xstate.error.actor.saveSettings';
      expect(step.emitted).toEqual(failedSave ? [{ type: 'failed', message: SAVE_FAILED }] : []);
      if (failedSave) {
        // Back where it was before the flip.
        const flipped = selectSettings(step.previous as NotificationSettingsSnapshot)!;
        expect(selectSettings(s)).toEqual({ ...flipped, comment: !flipped.comment });
      }
    }
  },
};
