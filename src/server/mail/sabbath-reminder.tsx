import type { MailTemplate } from './compose.ts'
import { siteLink } from './compose.ts'
import { greeting, MailLayout, Paragraph } from './layout.tsx'

export interface SabbathReminderProps {
  firstName?: string
  title: string
  /** As it reads in the member's own zone: 'Friday at 7:00 PM CDT'. */
  when: string
  isOnline: boolean
}

/** The member pressed "Remind Me" on a Sabbath gathering; it begins soon. */
export const sabbathReminder: MailTemplate<SabbathReminderProps> = (props, context) => {
  const link = siteLink(context, '/sabbath')
  return {
    subject: `Reminder: ${props.title} begins ${props.when}`,
    links: [link],
    element: (
      <MailLayout
        preview={`${props.title} begins ${props.when}.`}
        heading={`${props.title} begins soon`}
        action={{ label: 'Open the Sabbath corner', href: link }}
        footnote="You asked us to remind you. You can turn this reminder off on the event in the Sabbath corner."
        unsubscribeUrl={context.unsubscribeUrl}
      >
        <Paragraph>{greeting(props.firstName)}</Paragraph>
        <Paragraph>
          {props.title} begins {props.when}
          {props.isOnline ? ', online.' : '.'} We would love for you to be there. Shabbat shalom!
        </Paragraph>
      </MailLayout>
    ),
  }
}
