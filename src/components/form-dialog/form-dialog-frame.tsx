/**
 * The frame every form dialog shares (with useFormDialog): the modal, whose title becomes the
 * discard question while it is asked (Escape and × then mean "keep editing"), the form, the
 * error in red under the fields, and Cancel beside the submit button. While saving, × and Cancel
 * are disabled and the submit button spins. The dialog supplies only its title and its fields.
 */
import type { ReactNode } from 'react';
import { DASHBOARD_MESSAGES } from '../../../machines/dashboard-messages';
import { FormFooter } from '../../ui/form';
import { Form } from '../../ui/form-layout.styles';
import { Modal } from '../../ui/modal';
import { DiscardQuestion } from './discard-question';

/** What the frame needs of useFormDialog's answer. */
export interface FormDialogControls {
  error: string | null;
  saving: boolean;
  confirmingDiscard: boolean;
  submit: () => void;
  close: () => void;
  discard: () => void;
  keepEditing: () => void;
}

export function FormDialogFrame({
  title,
  submitLabel,
  form,
  width,
  children,
}: {
  title: string;
  submitLabel: string;
  form: FormDialogControls;
  width?: number;
  /** The fields. */
  children: ReactNode;
}) {
  const { confirmingDiscard, saving } = form;
  return (
    <Modal
      title={confirmingDiscard ? DASHBOARD_MESSAGES.discardTitle : title}
      onClose={confirmingDiscard ? form.keepEditing : form.close}
      width={width}
      busy={saving}
    >
      {confirmingDiscard && (
        <DiscardQuestion onDiscard={form.discard} onKeepEditing={form.keepEditing} />
      )}
      <Form
        hidden={confirmingDiscard}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          form.submit();
        }}
      >
        {children}
        <FormFooter
          error={form.error}
          saving={saving}
          submitLabel={submitLabel}
          onCancel={form.close}
          cancelVariant="ghost"
        />
      </Form>
    </Modal>
  );
}
