// The spec's UI timings and limits (sections 8-9). panda.config.ts reads the sizes and
// durations from here too, so each number is written exactly once.

// Toasts stack, so a success is still seen when an achievement it earned arrives a moment later.
export const TOAST_LIMIT = 3
export const TOAST_DURATION_MS = 5000
export const TOAST_SWIPE_THRESHOLD_PX = 50
// A closed toast stays long enough for its exit animation.
export const TOAST_REMOVE_DELAY_MS = 1000
export const TOAST_VIEWPORT_MAX_WIDTH_PX = 420

// Selects and other popovers sit this far from their trigger.
export const FLOATING_OFFSET_PX = 4
// Keeps floating content off the screen edge on phones.
export const POPOVER_COLLISION_PADDING_PX = 8

// Select typeahead resets after 1 s: that is Radix Select's built-in behaviour, it has no prop.
export const PROGRESS_DEFAULT_MAX = 100
export const DIALOG_MAX_HEIGHT_VH = 80

export const AVATAR_NAV_SIZE_PX = 32
export const AVATAR_CARD_SIZE_PX = 300

export const LAYOUT_TRANSITION_S = 0.45
export const GRID_STAGGER_S = 0.1
export const FEATURED_FADE_S = 0.6
export const STORY_CAROUSEL_LOOP_S = 30
export const VERSE_REFRESH_MS = 300
export const SESSION_EXPIRED_REDIRECT_MS = 500
export const SKELETON_CARD_COUNT = 6
export const BIO_CLAMP_LINES = 3

export const VERSE_EXCERPT_CHARS = 60
export const LANDING_BENEFIT_COUNT = 3
export const DISCOVER_BENEFIT_COUNT = 5
export const DISCOVER_STORY_COUNT = 6
