import { Link } from '@tanstack/react-router'
import { SUPPORT_EMAIL } from '#client/features/pricing/contact-support.tsx'
import { DocumentPage, type DocumentSection } from './document-page'

const sections: DocumentSection[] = [
  {
    id: 'about',
    title: 'About these terms',
    body: (
      <>
        <p>
          These terms are the agreement between you and Covenant when you use our website and services. By creating an account or using
          Covenant you accept them. If you don't agree, please don't use Covenant.
        </p>
        <p>
          Covenant is a community for Christian singles who are dating with the intention of marriage. We hold a traditional view of
          marriage as a covenant between one man and one woman, and our matching reflects that.
        </p>
      </>
    ),
  },
  {
    id: 'who-may-join',
    title: 'Who may join',
    body: (
      <ul>
        <li>You must be at least 18 years old.</li>
        <li>You must be single: not married and not separated while still married.</li>
        <li>You may keep only one account, and it must be yours: no accounts for someone else, and no shared accounts.</li>
        <li>You may not join if we have banned you before, or if you have been convicted of a violent or sexual offence.</li>
      </ul>
    ),
  },
  {
    id: 'your-account',
    title: 'Your account',
    body: (
      <>
        <p>
          Keep your password to yourself and tell us if you think someone else has used your account. You can see and sign out the devices
          signed in to your account in Settings.
        </p>
        <p>
          What you put on your profile must be true: your own photos, your real age, where you live, your marital status and your faith as
          it really is. Verification badges are granted only for documents and references that check out.
        </p>
      </>
    ),
  },
  {
    id: 'conduct',
    title: 'How we treat one another',
    body: (
      <>
        <p>We ask every member to treat others as they would want to be treated. In particular, you must not:</p>
        <ul>
          <li>ask another member for money, gifts, gift cards, cryptocurrency or financial details, or offer them investments;</li>
          <li>pretend to be someone else, or use photos that are not of you;</li>
          <li>
            harass, threaten, shame or pursue a member who has not welcomed it, or contact someone who has blocked you by other means;
          </li>
          <li>post or send sexual content, hateful content, or anything that mocks another member's faith;</li>
          <li>advertise, recruit for a business or cause, or send the same message to many members;</li>
          <li>collect other members' information, or use scripts or automated tools to browse or message;</li>
          <li>share anything a member told you in confidence outside Covenant without their permission.</li>
        </ul>
        <p>
          Our <Link to="/safety">Safety Centre</Link> explains how reporting, blocking and our scam guard work.
        </p>
      </>
    ),
  },
  {
    id: 'moderation',
    title: 'Moderation',
    body: (
      <>
        <p>
          Moderators review reports, photos and verification documents. When a member breaks these terms, a moderator may remove content,
          warn the member, suspend the account for a period or ban it permanently. A suspended member cannot sign in until the suspension
          ends; a banned member cannot sign in again, and their email address cannot be used to register again.
        </p>
        <p>
          Every moderator decision is recorded with its reason. If you believe a decision about your account was a mistake, write to us at{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> and we will look at it again.
        </p>
      </>
    ),
  },
  {
    id: 'your-content',
    title: 'Your content',
    body: (
      <p>
        You own what you post: your photos, your profile and your messages. You give Covenant permission to store it and show it to other
        members as the service works (your profile to members who browse, your messages to the member you send them to), for as long as it
        is on Covenant. You can change or remove your content at any time, and deleting your account removes it.
      </p>
    ),
  },
  {
    id: 'plans',
    title: 'Paid plans',
    body: (
      <>
        <p>
          Some features need a paid plan. Prices are shown on the <Link to="/pricing">pricing page</Link> before you pay. A plan renews each
          month or year until you cancel it; when you cancel, you keep its features until the end of the period you have paid for. Payments
          are handled by our payment processor, Stripe.
        </p>
        <p>A plan gives access to features. It does not promise a match or a marriage: that is in God's hands and yours.</p>
      </>
    ),
  },
  {
    id: 'ai-tools',
    title: 'AI tools',
    body: (
      <p>
        Our AI counseling and compatibility analysis offer general guidance written by a computer model. They are not a pastor, a licensed
        counselor or a therapist, and they can be wrong. For serious concerns in a relationship, please speak with your pastor or a
        qualified professional.
      </p>
    ),
  },
  {
    id: 'meeting-offline',
    title: 'Meeting people',
    body: (
      <p>
        Covenant does not run criminal background checks on members and cannot promise that every member is who they say they are. You are
        responsible for your own safety when you talk with or meet other members. Please follow the advice in our{' '}
        <Link to="/safety">Safety Centre</Link>, and report anyone who worries you.
      </p>
    ),
  },
  {
    id: 'ending',
    title: 'Leaving Covenant',
    body: (
      <p>
        You can pause your account, or delete it, at any time in Settings. Deleting your account removes it straight away, as our{' '}
        <Link to="/privacy">Privacy Policy</Link> describes. We may suspend or close an account that breaks these terms.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Our responsibility',
    body: (
      <p>
        We work hard to keep Covenant available, accurate and safe, but we provide it as it is, without guarantees that it will always be
        available or free of errors. As far as the law allows, Covenant is not liable for the conduct of members, on or off the service, or
        for indirect losses. Nothing in these terms limits rights you have by law that cannot be limited.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        If we change these terms in a way that matters, we will tell you by email or in the app before the change takes effect. Using
        Covenant after that means you accept the new terms.
      </p>
    ),
  },
]

/** The terms of use (`/terms`), agreed to when an account is created. */
export function TermsOfUse() {
  return (
    <DocumentPage
      title="Terms of Use"
      lead="The promises we make to you, and the ones we ask of you, so that Covenant stays a trustworthy place to look for a spouse."
      updated="November 24, 2026"
      sections={sections}
    />
  )
}
