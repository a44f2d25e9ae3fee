/**
 * The channel's held words (issue 33) as chips: type a word or phrase (several separated by
 * commas) and Add (or Enter), remove one with its ×, then Save sends the whole list. The bounds
 * (CONVERSATION.heldWords) are said beside the box and checked before anything is sent
 * (machines/held-words.machine.ts); the server's refusal is shown as it says it.
 */
import { useActorRef, useSelector } from '@xstate/react';
import styled from 'styled-components';
import { CONVERSATION } from '../../../contract/limits';
import {
  HELD_WORDS_MESSAGES as M,
  heldWordsMachine,
  selectCanAdd,
  selectCanSave,
  selectInput,
  selectIsLoading,
  selectIsSaved,
  selectIsSaving,
  selectLoadError,
  selectProblem,
  selectSaveError,
  selectWords,
} from '../../../machines/held-words.machine';
import { usePageActors } from '../../actors';
import { moderationActors } from '../../api/moderation';
import { Button } from '../../ui/button';
import { FormError } from '../../ui/form';
import { CloseIcon } from '../../ui/icons';
import { ListError } from '../../ui/list-states';
import { Spinner } from '../../ui/spinner';
import { TextField } from '../../ui/text-field';

const AddRow = styled.form`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  gap: 8px;
  align-items: start;
  /* The button lines up with the input under the field's label. */
  > button {
    margin-top: 26px;
  }
`;

const Chips = styled.ul`
  list-style: none;
  margin: 12px 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

const Chip = styled.li`
  display: inline-flex;
  align-items: center;
  gap: 2px;
  max-width: 100%;
  padding: 2px 2px 2px 12px;
  border-radius: ${({ theme }) => theme.radii.round};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  border: 1px solid ${({ theme }) => theme.colors.border};
  span {
    overflow-wrap: anywhere;
  }
  button {
    display: inline-grid;
    place-items: center;
    width: 28px;
    height: 28px;
    border: none;
    border-radius: 50%;
    background: transparent;
    color: ${({ theme }) => theme.colors.textMuted};
    cursor: pointer;
    &:hover {
      background: ${({ theme }) => theme.colors.surfaceHover};
      color: ${({ theme }) => theme.colors.text};
    }
  }
`;

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: flex-end;
  gap: 12px;
`;

const Saved = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.success};
`;

export function HeldWordsEditor() {
  const { fetchHeldWords, saveHeldWords } = usePageActors(moderationActors);
  const editor = useActorRef(
    heldWordsMachine.provide({ actors: { fetchHeldWords, saveHeldWords } }),
  );
  const words = useSelector(editor, selectWords);
  const input = useSelector(editor, selectInput);
  const loading = useSelector(editor, selectIsLoading);
  const loadError = useSelector(editor, selectLoadError);
  const problem = useSelector(editor, selectProblem);
  const saveError = useSelector(editor, selectSaveError);
  const saved = useSelector(editor, selectIsSaved);
  const saving = useSelector(editor, selectIsSaving);
  const canAdd = useSelector(editor, selectCanAdd);
  const canSave = useSelector(editor, selectCanSave);

  return (
    <section aria-labelledby="held-words-heading">
      <h2 id="held-words-heading">Held words</h2>
      {loading && <Spinner size={28} label="Loading held words" />}
      {loadError && <ListError text={loadError} onRetry={() => editor.send({ type: 'RETRY' })} />}
      {!loading && !loadError && (
        <>
          <AddRow
            onSubmit={(event) => {
              event.preventDefault();
              editor.send({ type: 'ADD' });
            }}
          >
            <TextField
              label="Add a word or phrase"
              value={input}
              onValueChange={(text) => editor.send({ type: 'INPUT_CHANGED', text })}
              error={problem}
              hint={M.hint}
              disabled={saving}
              maxLength={2000}
            />
            <Button type="submit" variant="secondary" disabled={!canAdd}>
              Add
            </Button>
          </AddRow>
          {words.length > 0 ? (
            <Chips aria-label="Held words">
              {words.map((word) => (
                <Chip key={word}>
                  <span>{word}</span>
                  <button
                    type="button"
                    aria-label={`Remove “${word}”`}
                    disabled={saving}
                    onClick={() => editor.send({ type: 'REMOVE', word })}
                  >
                    <CloseIcon size={16} />
                  </button>
                </Chip>
              ))}
            </Chips>
          ) : (
            <Chips as="div">
              <Muted>No held words: every comment is published at once.</Muted>
            </Chips>
          )}
          <Footer>
            <Muted>
              {words.length} of {CONVERSATION.heldWords.max} words
            </Muted>
            {saved && <Saved role="status">{M.saved}</Saved>}
            <FormError message={saveError} />
            <Button
              loading={saving}
              disabled={!canSave}
              onClick={() => editor.send({ type: 'SAVE' })}
            >
              Save
            </Button>
          </Footer>
        </>
      )}
    </section>
  );
}
