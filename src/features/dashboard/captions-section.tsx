/**
 * The edit dialog's "Captions" section (issue 34, machines/captions.machine.ts): the video's
 * captions by label, each with Replace (pick a file: it is sent at once) and Delete, and a row to
 * upload a language (code, optional label, a .vtt or .srt file). The machine decides; this view
 * renders it and sends its events. Its buttons are type="button": the dialog's form is not sent.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useId, useRef } from 'react';
import styled from 'styled-components';
import {
  captionsMachine,
  selectBusyLanguage,
  selectCaptions,
  selectIsBusy,
  selectIsLoading,
  selectLoadFailed,
  selectMessage,
} from '../../../machines/captions.machine';
import { usePageActors } from '../../actors';
import { captionActors } from '../../api/captions';
import { Button } from '../../ui/button';
import { Field } from '../../ui/form-layout.styles';

const Section = styled.fieldset`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 10px;
  padding: 10px 12px 12px;
  margin: 0;
  display: grid;
  gap: 10px;
  legend {
    font-weight: 600;
    padding: 0 4px;
  }
`;

const Rows = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 6px;
  li {
    display: flex;
    align-items: center;
    gap: 8px;
    flex-wrap: wrap;
  }
  .name {
    flex: 1;
    min-width: 120px;
  }
  .tag {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 13px;
  }
`;

const AddRow = styled.div`
  display: grid;
  grid-template-columns: minmax(80px, 1fr) minmax(100px, 2fr);
  gap: 8px;
  @media (max-width: 520px) {
    grid-template-columns: 1fr;
  }
`;

const Said = styled.p<{ $error: boolean }>`
  margin: 0;
  font-size: 14px;
  color: ${({ theme, $error }) => ($error ? theme.colors.danger : theme.colors.success)};
`;

const ACCEPT = '.vtt,.srt,text/vtt,application/x-subrip';

export function CaptionsSection({ videoId }: { videoId: string }) {
  const ids = useId();
  const actors = usePageActors(captionActors);
  const captions = useActorRef(captionsMachine.provide({ actors }), { input: { videoId } });
  const list = useSelector(captions, selectCaptions);
  const loading = useSelector(captions, selectIsLoading);
  const loadFailed = useSelector(captions, selectLoadFailed);
  const busy = useSelector(captions, selectIsBusy);
  const busyLanguage = useSelector(captions, selectBusyLanguage);
  const message = useSelector(captions, selectMessage);
  const language = useSelector(captions, (s) => s.context.language);
  const label = useSelector(captions, (s) => s.context.label);
  const file = useSelector(captions, (s) => s.context.file);
  const replacing = useRef<string | null>(null);
  const replacePicker = useRef<HTMLInputElement>(null);

  return (
    <Section aria-busy={busy || loading} data-testid="captions-section">
      <legend>Captions</legend>
      {loading && <p>Loading captions…</p>}
      {loadFailed && (
        <p role="alert">
          Could not load the captions.{' '}
          <Button variant="ghost" type="button" onClick={() => captions.send({ type: 'RETRY' })}>
            Retry
          </Button>
        </p>
      )}
      {!loading && !loadFailed && (
        <>
          {list.length === 0 ? (
            <p className="tag">No captions yet.</p>
          ) : (
            <Rows aria-label="Captions of this video">
              {list.map((c) => (
                <li key={c.language}>
                  <span className="name">
                    {c.label} <span className="tag">({c.language})</span>
                  </span>
                  <Button
                    variant="ghost"
                    type="button"
                    disabled={busy}
                    aria-label={`Replace ${c.label} captions`}
                    onClick={() => {
                      replacing.current = c.language;
                      replacePicker.current?.click();
                    }}
                  >
                    {busyLanguage === c.language ? 'Saving…' : 'Replace'}
                  </Button>
                  <Button
                    variant="ghost"
                    type="button"
                    disabled={busy}
                    aria-label={`Delete ${c.label} captions`}
                    onClick={() => captions.send({ type: 'REMOVE', language: c.language })}
                  >
                    Delete
                  </Button>
                </li>
              ))}
            </Rows>
          )}
          <input
            ref={replacePicker}
            type="file"
            accept={ACCEPT}
            hidden
            onChange={(e) => {
              const picked = e.currentTarget.files?.[0];
              e.currentTarget.value = '';
              if (picked && replacing.current) {
                captions.send({ type: 'REPLACE', language: replacing.current, file: picked });
              }
            }}
          />
          <AddRow>
            <Field>
              <label htmlFor={`${ids}-lang`}>Language code</label>
              <input
                id={`${ids}-lang`}
                type="text"
                placeholder="en, pt-BR"
                value={language}
                disabled={busy}
                onChange={(e) => captions.send({ type: 'LANGUAGE_CHANGED', text: e.target.value })}
              />
            </Field>
            <Field>
              <label htmlFor={`${ids}-label`}>Label (optional)</label>
              <input
                id={`${ids}-label`}
                type="text"
                placeholder="English"
                value={label}
                disabled={busy}
                onChange={(e) => captions.send({ type: 'LABEL_CHANGED', text: e.target.value })}
              />
            </Field>
          </AddRow>
          <Field>
            <label htmlFor={`${ids}-file`}>Caption file (WebVTT or SubRip, up to 512 kB)</label>
            <input
              id={`${ids}-file`}
              type="file"
              accept={ACCEPT}
              disabled={busy}
              // The machine empties the form after a save; the picker follows.
              key={file ? 'chosen' : 'empty'}
              onChange={(e) => {
                const picked = e.currentTarget.files?.[0];
                if (picked) captions.send({ type: 'FILE_CHOSEN', file: picked });
              }}
            />
          </Field>
          <div>
            <Button type="button" disabled={busy} onClick={() => captions.send({ type: 'UPLOAD' })}>
              {busyLanguage !== null && busyLanguage === language.trim()
                ? 'Uploading…'
                : 'Upload captions'}
            </Button>
          </div>
          {message && (
            <Said
              role={message.kind === 'error' ? 'alert' : 'status'}
              $error={message.kind === 'error'}
            >
              {message.text}
            </Said>
          )}
        </>
      )}
    </Section>
  );
}
