import { Link } from '@tanstack/react-router'
import { SUPPORT_EMAIL } from '#client/features/pricing/contact-support.tsx'
import { DocumentPage, type DocumentSection } from './document-page'

const sections: DocumentSection[] = [
  {
    id: 'what-we-keep',
    title: 'What we keep',
    body: (
      <>
        <p>We keep what you give us to run Covenant for you, and nothing we don't need:</p>
        <ul>
          <li>
            <strong>Your account:</strong> your name, email address and password. The password is stored only as a one-way hash, so no one
            at Covenant can read it. If you sign in with Google or Facebook, we keep the account identifier they give us, not your password
            there.
          </li>
          <li>
            <strong>Your profile:</strong> your birth date (others see only your age), your city, your denomination and church, your bio,
            faith journey and spiritual gifts, your answered prompts and whom you hope to meet. For distances we store your city's centre,
            never your own position, and other members see only a rounded distance.
          </li>
          <li>
            <strong>Your photos:</strong> each upload is re-encoded in a few sizes, and everything else in the file, such as the camera's
            location data, is thrown away.
          </li>
          <li>
            <strong>Your activity:</strong> your likes, passes, interests, matches, messages, event sign-ups, achievements and
            notifications.
          </li>
          <li>
            <strong>Your interview answers</strong>, which shape your compatibility with other members.
          </li>
          <li>
            <strong>Your verifications:</strong> the details and documents you submit (a letter from your church, proof of income or
            education), and the name and email of a pastor or elder you ask to vouch for you.
          </li>
          <li>
            <strong>Your plan:</strong> which plan you have and when it renews. Card details go straight to our payment processor, Stripe;
            we never see or store your card number.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'who-sees-what',
    title: 'Who sees what',
    body: (
      <>
        <ul>
          <li>
            <strong>Other members</strong> see your profile: your first name, age, city, faith details, bio, prompts, photos and
            verification badges. They never see your email address, your birth date or your exact location.
          </li>
          <li>
            <strong>Your messages</strong> are seen by you and the member you are talking with.
          </li>
          <li>
            <strong>Your verification documents</strong> are seen only by you and our moderators.
          </li>
          <li>
            <strong>Moderators</strong> see what they need to keep members safe. When someone reports a conversation, the moderator
            reviewing the report can read the messages of that conversation that the reporting member could see, and nothing of your other
            conversations. When photo review is on, a moderator looks at each new photo before other members can see it.
          </li>
        </ul>
        <p>We don't sell your information, and we don't share it with advertisers.</p>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and sessions',
    body: (
      <p>
        When you sign in we set a single cookie that keeps you signed in. It holds a random token (we store only a hash of it) and is never
        readable by scripts on the page. A session ends when you sign out, after 14 days without use, and in any case 60 days after you
        signed in. Settings lists the devices signed in to your account, by browser and time, so you can sign out any you don't recognise.
        We use no advertising or tracking cookies.
      </p>
    ),
  },
  {
    id: 'email',
    title: 'Email',
    body: (
      <p>
        We email you to confirm your address, to reset your password and, if you have not opened Covenant for a while, about new messages,
        matches and reminders. Every email that is not about your account's security has an unsubscribe link, and you can choose which
        emails you receive in Settings.
      </p>
    ),
  },
  {
    id: 'ai',
    title: 'AI tools',
    body: (
      <p>
        When you ask the AI counselor a question or request a compatibility analysis, we send our AI provider only what the answer needs:
        your question, your age, city, faith details and interview answers, and the first name of your match. We never send your email
        address, your photos or your messages.
      </p>
    ),
  },
  {
    id: 'security',
    title: 'How we protect it',
    body: (
      <p>
        Member pages and photos are served only to signed-in members, and verification documents only to their owner and our moderators.
        Sign-in attempts are limited to stop password guessing, and we keep the internet addresses of recent requests for a short time to
        enforce those limits.
      </p>
    ),
  },
  {
    id: 'your-choices',
    title: 'Your data, your choice',
    body: (
      <>
        <ul>
          <li>
            <strong>Export:</strong> in <Link to="/settings">Settings</Link>, download everything we hold about you as one file.
          </li>
          <li>
            <strong>Correct:</strong> change your profile, photos, email address and password at any time.
          </li>
          <li>
            <strong>Pause:</strong> hide your profile from Discover for a while without losing anything.
          </li>
          <li>
            <strong>Delete:</strong> in Settings, delete your account. It is removed at once with your profile, photos, likes, matches,
            conversations and messages, interview answers, verifications and documents. Messages you sent go with it, from the other
            member's side too.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'what-stays',
    title: 'What stays after an account is gone',
    body: (
      <p>
        When a moderator bans an account, we keep its email address only as a one-way hash, so that the address cannot register again
        without our keeping the address itself. A moderator's decisions about other members are kept in our audit log after the moderator's
        own account is deleted, without naming them.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Questions',
    body: (
      <p>
        Write to us at <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> with any question about your information. If we change this
        policy in a way that matters, we will tell you before the change takes effect.
      </p>
    ),
  },
]

/** The privacy policy (`/privacy`): what Covenant keeps, who sees it, and what a member can do with it. */
export function PrivacyPolicy() {
  return (
    <DocumentPage
      title="Privacy Policy"
      lead="What we keep about you, who can see it, and how to take it with you or delete it."
      updated="November 24, 2026"
      sections={sections}
    />
  )
}
