import type { MailTemplate } from './compose.ts'
import { siteLink } from './compose.ts'
import { greeting, MailLayout, Paragraph } from './layout.tsx'

export interface MessageDigestProps {
  firstName?: string
  senderName: string
  /** The unread messages, oldest first, each cut short. */
  messages: string[]
  /** Unread messages beyond the ones shown. */
  more: number
}

/** One email for a conversation's unread messages, never one per message. */
export const messageDigest: MailTemplate<MessageDigestProps> = (props, context) => {
  const link = siteLink(context, '/messaging')
  const count = props.messages.length + props.more
  const noun = count === 1 ? 'a new message' : `${count} new messages`
  return {
    subject: `${props.senderName} sent you ${noun}`,
    links: [link],
    element: (
      <MailLayout
        preview={props.messages[0] ?? `${props.senderName} wrote to you.`}
        heading={`${props.senderName} wrote to you`}
        action={{ label: 'Reply', href: link }}
        footnote="We send at most one email like this per conversation every few hours."
        unsubscribeUrl={context.unsubscribeUrl}
      >
        <Paragraph>{greeting(props.firstName)}</Paragraph>
        <Paragraph>
          While you were away, {props.senderName} sent you {noun}:
        </Paragraph>
        {props.messages.map((message, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is rendered once, in order, and never changes.
          <Paragraph key={index}>“{message}”</Paragraph>
        ))}
        {props.more > 0 && <Paragraph>…and {props.more} more.</Paragraph>}
      </MailLayout>
    ),
  }
}
