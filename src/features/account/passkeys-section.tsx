/**
 * Settings → Passkeys (issue 32): the account's passkeys (machines/passkey-list.machine.ts), and
 * "Add a passkey" (machines/passkey-ceremony.machine.ts, kind 'add'), whose new passkey joins
 * the list. Rename in a dialog, remove after a question.
 */
import { useActorRef, useSelector } from '@xstate/react';
import styled from 'styled-components';
import {
  passkeyCeremonyMachine,
  selectError as selectAddError,
  selectIsBusy as selectIsAdding,
} from '../../../machines/passkey-ceremony.machine';
import {
  passkeyListMachine,
  selectCanSave,
  selectDraft,
  selectEditing,
  selectError,
  selectIsBusy,
  selectIsFull,
  selectIsLoading,
  selectLimit,
  selectLoadFailed,
  selectPasskeys,
  selectRemoving,
} from '../../../machines/passkey-list.machine';
import { PASSKEY_TEXTS } from '../../../machines/passkey-messages';
import type { Passkey } from '../../../contract/passkeys';
import { usePageActors } from '../../actors';
import { passkeyAddActors, passkeyListActors } from '../../api/passkeys';
import { notify } from '../../notify';
import { Button } from '../../ui/button';
import { FormError } from '../../ui/form';
import { ListError } from '../../ui/list-states';
import { Spinner } from '../../ui/spinner';
import { useEmitted } from '../../use-emitted';
import { ConfirmDialog } from './confirm-dialog';
import { PasskeyRows } from './passkey-rows';
import { RenamePasskeyDialog } from './rename-passkey-dialog';
import { SettingsForm } from './settings-form';

const TOAST_TOPIC = 'passkeys';

const Empty = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;
const AddRow = styled.div`
  display: grid;
  gap: 8px;
  justify-items: start;
`;

export function PasskeysSection() {
  const listActors = usePageActors(passkeyListActors);
  const addActors = usePageActors(passkeyAddActors);
  const list = useActorRef(
    passkeyListMachine.provide({
      actors: {
        load: listActors.loadPasskeys,
        rename: listActors.renamePasskey,
        remove: listActors.removePasskey,
      },
    }),
  );
  const add = useActorRef(
    passkeyCeremonyMachine.provide({
      actors: {
        getOptions: addActors.passkeyRegistrationOptions,
        askAuthenticator: addActors.passkeyCreate,
        verify: addActors.passkeyRegister,
      },
    }),
    { input: { kind: 'add' } },
  );
  const passkeys = useSelector(list, selectPasskeys);
  const limit = useSelector(list, selectLimit);
  const loading = useSelector(list, selectIsLoading);
  const loadFailed = useSelector(list, selectLoadFailed);
  const full = useSelector(list, selectIsFull);
  const busy = useSelector(list, selectIsBusy);
  const editing = useSelector(list, selectEditing);
  const removing = useSelector(list, selectRemoving);
  const draft = useSelector(list, selectDraft);
  const canSave = useSelector(list, selectCanSave);
  const renameError = useSelector(list, selectError);
  const adding = useSelector(add, selectIsAdding);
  const addError = useSelector(add, selectAddError);

  useEmitted(add, {
    succeeded: ({ result }) => {
      list.send({ type: 'ADDED', passkey: result as Passkey });
      notify.success(PASSKEY_TEXTS.added, TOAST_TOPIC);
    },
  });
  useEmitted(list, {
    renamed: () => notify.success(PASSKEY_TEXTS.renamed, TOAST_TOPIC),
    removed: () => notify.success(PASSKEY_TEXTS.removed, TOAST_TOPIC),
    failed: ({ message }) => notify.error(message, TOAST_TOPIC),
  });

  return (
    <SettingsForm as="section" aria-labelledby="passkeys-title">
      <h2 id="passkeys-title">Passkeys</h2>
      <p className="lead">
        Sign in with your fingerprint, face or screen lock instead of your password. A passkey also
        works as the second step of two-step sign-in.
        {limit > 0 && ` You can add up to ${limit}.`}
      </p>
      {loading && <Spinner label="Loading passkeys" />}
      {loadFailed && (
        <ListError text={PASSKEY_TEXTS.loadFailed} onRetry={() => list.send({ type: 'RETRY' })} />
      )}
      {!loading && !loadFailed && (
        <>
          {passkeys.length === 0 ? (
            <Empty>You have no passkeys yet.</Empty>
          ) : (
            <PasskeyRows
              passkeys={passkeys}
              disabled={busy || adding}
              onRename={(id) => list.send({ type: 'EDIT', id })}
              onRemove={(id) => list.send({ type: 'REMOVE', id })}
            />
          )}
          <AddRow>
            <Button
              type="button"
              loading={adding}
              disabled={full || busy}
              onClick={() => {
                notify.newAttempt(TOAST_TOPIC);
                add.send({ type: 'START' });
              }}
            >
              Add a passkey
            </Button>
            {full && (
              <Empty>
                You have {limit} passkeys, the most an account can have. Remove one to add another.
              </Empty>
            )}
            <FormError message={addError} />
          </AddRow>
        </>
      )}
      {editing && (
        <RenamePasskeyDialog
          value={draft}
          error={renameError}
          canSave={canSave}
          busy={busy}
          onChange={(value) => list.send({ type: 'NAME_CHANGED', value })}
          onSave={() => list.send({ type: 'SAVE' })}
          onCancel={() => list.send({ type: 'CANCEL' })}
        />
      )}
      {removing && (
        <ConfirmDialog
          title="Remove passkey?"
          message={`You will no longer be able to sign in with “${removing.name}”. The passkey itself stays on your device until you delete it there.`}
          confirmLabel="Remove"
          cancelLabel="Cancel"
          onConfirm={() => list.send({ type: 'CONFIRM' })}
          onCancel={() => list.send({ type: 'CANCEL' })}
        />
      )}
    </SettingsForm>
  );
}
