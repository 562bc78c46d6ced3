import { zodResolver } from '@hookform/resolvers/zod'
import { Heart } from 'lucide-react'
import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { css } from 'styled-system/css'
import { Button } from '#client/components/ui/button.tsx'
import { Dialog, DialogClose, DialogContent } from '#client/components/ui/dialog.tsx'
import { Field } from '#client/components/ui/field.tsx'
import { Textarea } from '#client/components/ui/textarea.tsx'
import { INTEREST_MESSAGE_MAX_LENGTH } from '#shared/content/interest-types.ts'
import type { ProfilePromptId } from '#shared/content/profile-prompts.ts'
import { type LikeAbout, LikeInput } from '#shared/schemas/likes.ts'
import { ScamConfirmation, scamGuardQuestion } from './scam-confirmation'
import { useLike } from './use-like'

/** What the like answers, as the dialog quotes it back to the member sending it. */
export type LikeTarget =
  | { kind: 'profile' }
  | { kind: 'prompt'; promptId: ProfilePromptId; prompt: string; answer: string }
  | { kind: 'photo'; photoId: string; url: string }

const styles = {
  form: css({ display: 'flex', flexDirection: 'column', gap: '4' }),
  quote: css({
    display: 'flex',
    flexDirection: 'column',
    gap: '1',
    p: '3',
    borderRadius: 'control',
    bg: 'bg.muted',
    borderStartWidth: 'thick',
    borderColor: 'brand.solid',
  }),
  prompt: css({ textStyle: 'overline', color: 'accent.fg' }),
  answer: css({ textStyle: 'body', color: 'fg.default', whiteSpace: 'pre-line' }),
  photo: css({ w: '24', aspectRatio: '4/5', objectFit: 'cover', borderRadius: 'control' }),
}

function aboutOf(target: LikeTarget): LikeAbout | undefined {
  if (target.kind === 'prompt') return { kind: 'prompt', promptId: target.promptId }
  if (target.kind === 'photo') return { kind: 'photo', photoId: target.photoId }
  return undefined
}

export interface LikeNoteDialogProps {
  member: { userId: string; firstName: string }
  target: LikeTarget | null
  onOpenChange: (open: boolean) => void
}

/** The one verb: a Like, with a note if the member writes one, answering a prompt or a photo when liked from there. */
export function LikeNoteDialog({ member, target, onOpenChange }: LikeNoteDialogProps) {
  return (
    <Dialog open={target !== null} onOpenChange={onOpenChange}>
      {target && <LikeNoteContent key={JSON.stringify(target)} member={member} target={target} onDone={() => onOpenChange(false)} />}
    </Dialog>
  )
}

function LikeNoteContent({ member, target, onDone }: { member: LikeNoteDialogProps['member']; target: LikeTarget; onDone: () => void }) {
  // The scam guard's question about the note, while it waits for an answer ('' when only the server asked).
  const [question, setQuestion] = useState<string | null>(null)
  const like = useLike(undefined, onDone, () => setQuestion(''))
  const form = useForm({
    resolver: zodResolver(LikeInput),
    defaultValues: { receiverId: member.userId, note: '', about: aboutOf(target) },
  })
  const note = useWatch({ control: form.control, name: 'note' }) ?? ''
  const formId = `like-${member.userId}`
  const title =
    target.kind === 'prompt'
      ? `Like ${member.firstName}'s answer`
      : target.kind === 'photo'
        ? `Like ${member.firstName}'s photo`
        : `Like ${member.firstName}`
  return (
    <DialogContent
      title={title}
      description="A note tells them what caught your eye. It arrives with your like."
      footer={
        <>
          <DialogClose asChild>
            <Button variant="ghost">Cancel</Button>
          </DialogClose>
          <Button type="submit" form={formId} loading={like.isPending}>
            <Heart size={18} aria-hidden="true" /> Send Like
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        className={styles.form}
        onSubmit={form.handleSubmit((values) => {
          const asked = values.note ? scamGuardQuestion(values.note, 0) : null
          if (asked) return setQuestion(asked)
          like.mutate(values)
        })}
      >
        {target.kind === 'prompt' && (
          <blockquote className={styles.quote}>
            <span className={styles.prompt}>{target.prompt}</span>
            <span className={styles.answer}>{target.answer}</span>
          </blockquote>
        )}
        {target.kind === 'photo' && <img src={target.url} alt={member.firstName} className={styles.photo} />}
        <Field
          label="Add a note (optional)"
          hint={`${note.length}/${INTEREST_MESSAGE_MAX_LENGTH}`}
          error={form.formState.errors.note?.message}
        >
          {(control) => (
            <Textarea
              {...control}
              rows={4}
              placeholder={`Say something to ${member.firstName}…`}
              {...form.register('note', { onChange: () => setQuestion(null) })}
            />
          )}
        </Field>
        {question !== null && (
          <ScamConfirmation
            description={question}
            editLabel="Edit note"
            onEdit={() => {
              setQuestion(null)
              form.setFocus('note')
            }}
            onSendAnyway={() => like.mutate({ ...form.getValues(), confirmed: true })}
            sending={like.isPending}
            stacked
          />
        )}
      </form>
    </DialogContent>
  )
}
