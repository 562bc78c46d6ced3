import type { MailTemplate } from './compose.ts'
import { siteLink } from './compose.ts'
import { greeting, MailLayout, Paragraph } from './layout.tsx'

export interface EventReminderProps {
  firstName?: string
  title: string
  /** In the event's own zone, where the member will be: 'Saturday, May 2 at 10:00 AM CDT'. */
  when: string
  place: string
}

/** The day before a community event the member said they are attending. */
export const eventReminder: MailTemplate<EventReminderProps> = (props, context) => {
  const link = siteLink(context, '/events')
  return {
    subject: `Tomorrow: ${props.title}`,
    links: [link],
    element: (
      <MailLayout
        preview={`${props.title}, ${props.when}, ${props.place}.`}
        heading="See you tomorrow"
        action={{ label: 'View the event', href: link }}
        footnote="Plans changed? Update your RSVP on the event so the organizer can save your seat for someone else."
        unsubscribeUrl={context.unsubscribeUrl}
      >
        <Paragraph>{greeting(props.firstName)}</Paragraph>
        <Paragraph>
          A reminder that you are attending {props.title}, {props.when}, at {props.place}.
        </Paragraph>
      </MailLayout>
    ),
  }
}
