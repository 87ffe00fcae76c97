import { useState, type FormEvent } from 'react';
import { clipChars, SUPPORT_DISPLAY, SUPPORT_LIMITS, type SupportRequest } from '@shop/contracts';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormTextarea } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { toast, toastError } from '@/components/toast/use-toast';
import { useReplyToSupportRequest } from '../api/reply-to-support-request';
import { replyKeyKeeper } from '../utils/reply-key';
import { REPLY_TEMPLATES, replyTemplate } from '../utils/reply-templates';
import { preview } from '../utils/support-text';
import { ReplyHistory } from './reply-history';
import { SupportStatusBadge } from './support-status-badge';

type ReplyDialogProps = { request: SupportRequest | null; onClose: () => void };

export function ReplyDialog({ request, onClose }: ReplyDialogProps) {
  return (
    <Dialog open={request !== null} onOpenChange={(next) => !next && onClose()}>
      <DialogContent data-testid="reply-dialog" data-id={request?.id} className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Reply to {request?.fullName}</DialogTitle>
          <DialogDescription className="break-all">{request?.email}</DialogDescription>
        </DialogHeader>
        {/* Keyed by request so each opening starts from an empty reply. */}
        {request && <ReplyForm key={request.id} request={request} onClose={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function ReplyForm({ request, onClose }: { request: SupportRequest; onClose: () => void }) {
  const [reply, setReply] = useState('');
  const [notes, setNotes] = useState('');
  const send = useReplyToSupportRequest();
  // One per opening of the form: a retry of the same words is the same reply (see reply-key.ts).
  const [replyKeyFor] = useState(replyKeyKeeper);
  const canSend = reply.trim().length > 0 && !send.isPending;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Spec section 5: the reply must be non-empty after trimming; notes are optional.
    if (!canSend) return;
    const words = { reply: reply.trim(), notes: notes.trim() || null };
    send.mutate(
      { id: request.id, ...words, replyKey: replyKeyFor(words.reply, words.notes) },
      {
        onSuccess: (updated) => {
          const latest = updated.replies.at(-1);
          toast({
            title: 'Reply Sent',
            description:
              latest?.delivery === 'outbox'
                ? `Your reply is in the outbox and will be emailed to ${request.email} once mail is set up.`
                : `Your reply was emailed to ${request.email}.`,
          });
          onClose();
        },
        onError: () => toastError('Failed to send reply. Please try again.'),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <section aria-label="Customer request" className="rounded-lg border border-slate-200 bg-slate-50 p-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm font-medium break-words text-slate-900">{request.subject ?? 'No subject'}</p>
          <SupportStatusBadge status={request.status} />
        </div>
        <p data-testid="reply-complaint-preview" className="mt-1 text-sm break-words text-slate-600">
          {preview(request.complaint, SUPPORT_DISPLAY.replyDialogPreview)}
        </p>
      </section>

      {request.replies.length > 0 && (
        <section aria-label="Earlier replies" className="space-y-2">
          <h3 className="text-sm font-medium text-slate-700">Earlier replies</h3>
          <ReplyHistory replies={request.replies} className="max-h-48 overflow-y-auto" />
        </section>
      )}

      <div className="space-y-2">
        <p className="text-sm font-medium text-slate-700">Templates</p>
        <div className="flex flex-wrap gap-2">
          {REPLY_TEMPLATES.map(({ key, label }) => (
            <Button
              key={key}
              size="sm"
              variant="secondary"
              data-testid={`reply-template-${key}`}
              onClick={() => setReply(replyTemplate(key, request))}
              disabled={send.isPending}
            >
              {label}
            </Button>
          ))}
        </div>
      </div>

      <fieldset disabled={send.isPending} className="space-y-4">
        <FormTextarea
          id="support-reply"
          label="Reply"
          hint="Emailed to the customer."
          rows={7}
          placeholder="Write your reply to the customer"
          value={reply}
          // Clipped in characters as the server counts them (an HTML maxLength counts UTF-16 units).
          onChange={(event) => setReply(clipChars(event.target.value, SUPPORT_LIMITS.reply))}
        />
        <FormTextarea
          id="support-notes"
          label="Internal Notes"
          optional
          hint="Only staff see these."
          rows={2}
          placeholder="Notes for the team"
          value={notes}
          onChange={(event) => setNotes(clipChars(event.target.value, SUPPORT_LIMITS.notes))}
        />
      </fieldset>

      <DialogFooter>
        <Button variant="outline" onClick={onClose} disabled={send.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={!canSend} data-testid="send-reply">
          {send.isPending && <Spinner />}
          {send.isPending ? 'Sending...' : 'Send Reply'}
        </Button>
      </DialogFooter>
    </form>
  );
}
