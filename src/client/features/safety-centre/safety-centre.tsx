import { Phone } from 'lucide-react'
import { css } from 'styled-system/css'
import { Notice } from '#client/components/ui/notice.tsx'
import { DocumentPage, type DocumentSection } from './document-page'

const sections: DocumentSection[] = [
  {
    id: 'meeting-in-person',
    title: 'Meeting in person',
    body: (
      <>
        <p>
          Most people you meet here are exactly who they say they are: believers hoping, as you are, for a marriage that honours God. A
          little care in the first weeks protects you from the few who are not.
        </p>
        <ul>
          <li>
            <strong>Talk on a video call first.</strong> Seeing and hearing someone is the quickest way to know the person matches their
            photos. Someone who always has a reason not to appear on camera is a warning sign.
          </li>
          <li>
            <strong>Meet in a public place.</strong> A busy coffee shop, a restaurant or a church event is a good first date. Not their
            home, not yours, and not somewhere remote.
          </li>
          <li>
            <strong>Tell a friend.</strong> Let someone you trust know who you are meeting, where and when, and check in with them
            afterwards. Share your location with them for the evening if you like.
          </li>
          <li>
            <strong>Arrange your own transport.</strong> Drive yourself, take a bus or a taxi, so you can leave whenever you choose. Don't
            accept a ride home from someone you have just met.
          </li>
          <li>
            <strong>Keep your personal details for later.</strong> Your home address, your workplace and your daily routine can wait until
            you have come to know the person well.
          </li>
          <li>
            <strong>Stay clear-headed.</strong> Keep an eye on your drink and your belongings, and go easy on alcohol if you drink at all.
          </li>
          <li>
            <strong>Never send money.</strong> Not for a plane ticket, a medical bill, a customs fee or a business opportunity, however
            moving the story. No one worth marrying asks a person they have never met for money.
          </li>
          <li>
            <strong>Trust your instincts.</strong> If something feels wrong, you may leave, end the conversation or block the person. You
            owe no one an explanation for keeping yourself safe.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'reporting',
    title: 'How reporting works',
    body: (
      <>
        <p>
          If a member makes you uncomfortable, asks you for money, seems to be someone other than who they claim, appears to be married or
          under 18, or treats you with disrespect, please report them. Open their profile or your conversation with them and choose{' '}
          <strong>Report</strong>, pick the reason that fits best and, if you can, add a few words about what happened.
        </p>
        <ul>
          <li>
            <strong>Reports are confidential.</strong> The member you report is never told who reported them.
          </li>
          <li>
            <strong>A moderator reviews every report.</strong> A member of our team reads it along with the reported member's profile,
            photos and any earlier reports. When your report is about a conversation, the moderator can also read the messages of that
            conversation that you could see.
          </li>
          <li>
            <strong>Moderators act on what they find.</strong> Depending on what happened, they may warn the member, suspend their account
            for a time or ban them from Covenant for good. Every decision is recorded with the reason for it.
          </li>
          <li>
            <strong>You hear back.</strong> When a moderator has looked into your report we send you a notification saying that it was acted
            on. For the other member's privacy, we don't say what was done.
          </li>
        </ul>
        <p>
          A report does not block anyone by itself. If you don't want to hear from the member again while we look into it, block them too.
        </p>
      </>
    ),
  },
  {
    id: 'blocking',
    title: 'How blocking works',
    body: (
      <>
        <p>
          Blocking is for anyone you would rather not see or hear from, for any reason. Open the member's profile and choose{' '}
          <strong>Block</strong>.
        </p>
        <ul>
          <li>
            <strong>It works both ways, at once.</strong> You disappear from their Discover, matches, likes and leaderboard, and they
            disappear from yours.
          </li>
          <li>
            <strong>It ends the connection.</strong> Any match between you ends and your conversation closes; neither of you can message the
            other.
          </li>
          <li>
            <strong>It is quiet.</strong> The member is not told that you blocked them.
          </li>
          <li>
            <strong>You can change your mind.</strong> Your blocked members are listed in Settings, where you can unblock them.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'scam-guard',
    title: 'What the scam guard looks for',
    body: (
      <>
        <p>
          Romance scams take a terrible toll: in 2022 Americans reported losing about $1.3 billion to them, and people of faith are a
          favourite target. Covenant's scam guard reads incoming messages for the patterns these scams almost always follow:
        </p>
        <ul>
          <li>requests for money, however small or however urgent the reason;</li>
          <li>gift cards, cryptocurrency, wire transfers or payment apps;</li>
          <li>
            pressure to move to another app, an email address or a phone number early in a conversation, where our protections can't follow;
          </li>
          <li>investment talk: trading platforms, "guaranteed" returns, a relative who knows the market;</li>
          <li>phrases that scammers use again and again.</li>
        </ul>
        <h3>What you see</h3>
        <p>
          When a message you receive matches one of these patterns, a calm note appears under it explaining why it might be a risk, with{' '}
          <strong>Report</strong> one tap away. The message itself is still shown, and the sender is not told that a note appeared: many
          such messages are innocent, and you are the best judge of your own conversation.
        </p>
        <p>
          When a message you are about to send matches a pattern, we ask you to confirm before it goes. If you meant it, send it; the
          question is there to give a scammer pause, not to embarrass you.
        </p>
        <p>
          A member whose messages keep matching these patterns is brought to our moderators' attention for review, even before anyone
          reports them.
        </p>
      </>
    ),
  },
  {
    id: 'get-help',
    title: 'Where to get help',
    body: (
      <>
        <ul>
          <li>
            <strong>In an emergency</strong>, or if you are in danger right now, call <a href="tel:911">911</a> (or your local emergency
            number outside the United States).
          </li>
          <li>
            <strong>If you have been threatened, assaulted or defrauded</strong>, contact your local police. Keep the messages, names, phone
            numbers and payment receipts you have: they help an investigation.
          </li>
          <li>
            <strong>If you have lost money to a romance scam</strong>, report it to the Federal Trade Commission at{' '}
            <a href="https://reportfraud.ftc.gov" rel="noreferrer" target="_blank">
              reportfraud.ftc.gov
            </a>{' '}
            and to the FBI's Internet Crime Complaint Center at{' '}
            <a href="https://www.ic3.gov" rel="noreferrer" target="_blank">
              ic3.gov
            </a>
            . Call your bank or card issuer straight away too: a payment can sometimes be stopped.
          </li>
          <li>
            <strong>If you are being hurt by someone close to you</strong>, the National Domestic Violence Hotline listens day and night at{' '}
            <a href="tel:18007997233">1-800-799-7233</a> or by texting START to 88788.
          </li>
          <li>
            <strong>If you are struggling</strong>, call or text <a href="tel:988">988</a>, the Suicide and Crisis Lifeline, at any hour.
          </li>
        </ul>
        <p>
          And on Covenant itself, report the member so that our moderators can stop them reaching anyone else. Being deceived is never a
          reason for shame: these schemes are run by professionals, and they fool careful, faithful people every day.
        </p>
      </>
    ),
  },
]

/** The safety centre (`/safety`): advice for meeting in person, how reporting, blocking and the scam guard work, and where to get help. */
export function SafetyCentre() {
  return (
    <DocumentPage
      title="Safety Centre"
      lead="Dating with purpose starts with feeling safe. Here is how to look after yourself, and how Covenant looks after you."
      callout={
        <Notice icon={Phone} title="In danger right now?" tone="warning" className={css({ mb: '6' })}>
          Call 911, or your local emergency number, before anything else.
        </Notice>
      }
      sections={sections}
    />
  )
}
