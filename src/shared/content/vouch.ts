/** How long a pastor has to answer a vouch request; a confirmation can be revoked after that through the same link. */
export const VOUCH_LINK_DAYS = 14

/** Vouch requests one pastor address may receive in a day, from all members together. */
export const VOUCH_REQUESTS_PER_PASTOR_PER_DAY = 3

/** Vouch requests one member may send in a day. */
export const VOUCH_REQUESTS_PER_MEMBER_PER_DAY = 3

/** The profile badge a confirmed vouch earns. */
export const CHURCH_VOUCHED_LABEL = 'Vouched by their church'

/** What the pastor confirms, word for word the same in the email and on the page behind its link. */
export function vouchStatement(memberName: string, churchName: string): string {
  return `${memberName} is a member of ${churchName} and, to my knowledge, a committed follower of Christ, unmarried and free to marry.`
}
