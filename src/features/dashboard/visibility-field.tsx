/**
 * Issue 34: the Edit video dialog's Visibility section, a view of the schedule picker
 * (machines/video-visibility.machine.ts): Public / Unlisted / Private radio buttons and, for
 * Unlisted and Private, "Schedule" with a date-time input in the viewer's own time zone, named
 * beside it. Every change is sent to the picker, then its choice to the dialog's form
 * (`onChoice`), which refuses Save while the choice has a problem (shown here in red).
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import styled from 'styled-components';
import type { Visibility } from '../../../contract/video-visibility';
import {
  pickerSnapshot,
  selectChoice,
  selectLocalTime,
  selectScheduled,
  selectVisibility,
  videoVisibilityMachine,
  type PickerEvent,
  type PickerInput,
  type VisibilityChoice,
} from '../../../machines/video-visibility.machine';
import { inputLook } from '../../ui/text-field';

const Set = styled.fieldset`
  border: 0;
  padding: 0;
  margin: 0;
  display: flex;
  flex-direction: column;
  gap: 8px;
  legend {
    padding: 0;
    margin-bottom: 6px;
    font-size: ${({ theme }) => theme.font.size.sm};
    font-weight: 600;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  label {
    display: flex;
    align-items: center;
    gap: 8px;
  }
  input[type='datetime-local'] {
    ${inputLook}
    max-width: 260px;
  }
  small {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  [role='alert'] {
    color: ${({ theme }) => theme.colors.danger};
  }
`;

const Choices = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px 18px;
`;

const OPTIONS: { value: Visibility; label: string; hint: string }[] = [
  { value: 'public', label: 'Public', hint: 'Everyone can find and watch it' },
  { value: 'unlisted', label: 'Unlisted', hint: 'Anyone with the link can watch it' },
  { value: 'private', label: 'Private', hint: 'Only you can watch it' },
];

/** The viewer's time zone, as the date-time input means it ("Europe/Lisbon"). */
function viewerZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

export function VisibilityField({
  video,
  disabled,
  onChoice,
}: {
  video: PickerInput;
  disabled: boolean;
  onChoice: (choice: VisibilityChoice) => void;
}) {
  const ids = useId();
  const picker = useActorRef(videoVisibilityMachine, {
    input: video,
    snapshot: pickerSnapshot(video),
  });
  const visibility = useSelector(picker, selectVisibility);
  const scheduled = useSelector(picker, selectScheduled);
  const localTime = useSelector(picker, selectLocalTime);
  const problem = useSelector(picker, (s) => selectChoice(s).problem);
  const pick = (event: PickerEvent) => {
    picker.send(event);
    onChoice(selectChoice(picker.getSnapshot()));
  };
  const hint = OPTIONS.find((o) => o.value === visibility)?.hint;

  return (
    <Set disabled={disabled}>
      <legend>Visibility</legend>
      <Choices>
        {OPTIONS.map((option) => (
          <label key={option.value}>
            <input
              type="radio"
              name={`${ids}-visibility`}
              value={option.value}
              checked={visibility === option.value}
              onChange={() => pick({ type: 'CHOOSE', visibility: option.value })}
            />
            {option.label}
          </label>
        ))}
      </Choices>
      <small>
        {scheduled ? 'Becomes public at the time below; until then: ' : ''}
        {hint}
      </small>
      {visibility !== 'public' && (
        <label>
          <input
            type="checkbox"
            checked={scheduled}
            onChange={(e) =>
              pick(
                e.target.checked
                  ? { type: 'SCHEDULE_ON', now: Date.now() }
                  : { type: 'SCHEDULE_OFF' },
              )
            }
          />
          Schedule
        </label>
      )}
      {scheduled && (
        <>
          <label htmlFor={`${ids}-at`}>Publish at</label>
          <input
            id={`${ids}-at`}
            type="datetime-local"
            value={localTime}
            aria-describedby={`${ids}-zone`}
            aria-invalid={problem !== null}
            onChange={(e) => pick({ type: 'SET_TIME', value: e.target.value, now: Date.now() })}
          />
          <small id={`${ids}-zone`}>Your time zone: {viewerZone()}</small>
          {problem && <span role="alert">{problem}</span>}
        </>
      )}
    </Set>
  );
}
