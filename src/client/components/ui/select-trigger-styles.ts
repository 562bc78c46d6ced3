import { css } from 'styled-system/css'

/** The closed select's look, shared by Radix's trigger and the stand-in shown until Radix has loaded. */
export const selectTriggerStyles = {
  trigger: css({
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '2',
    textAlign: 'start',
    cursor: 'pointer',
    '&[data-placeholder]': { color: 'fg.subtle' },
  }),
  value: css({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }),
  icon: css({ w: '4', h: '4', flexShrink: 0, color: 'fg.muted' }),
}
