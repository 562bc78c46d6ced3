import {
  defineConfig,
  defineGlobalStyles,
  defineKeyframes,
  defineRecipe,
  defineSemanticTokens,
  defineSlotRecipe,
  defineTextStyles,
  defineTokens,
} from '@pandacss/dev'
import {
  AVATAR_CARD_SIZE_PX,
  AVATAR_NAV_SIZE_PX,
  DIALOG_MAX_HEIGHT_VH,
  FEATURED_FADE_S,
  LAYOUT_TRANSITION_S,
  STORY_CAROUSEL_LOOP_S,
  TOAST_VIEWPORT_MAX_WIDTH_PX,
} from './src/client/lib/ui-timings'

// Warm scales: every text pairing used by the semantic tokens below was checked for WCAG AA
// (fg.muted on bg.muted 6.3:1, fg.onBrand on brand.solid 9.7:1, fg.onAccent on accent.solid 8.3:1).
const tokens = defineTokens({
  colors: {
    wine: {
      50: { value: '#FBF3F4' },
      100: { value: '#F5E1E4' },
      200: { value: '#EBC3CA' },
      300: { value: '#DB9AA5' },
      400: { value: '#C56A7B' },
      500: { value: '#A8445A' },
      600: { value: '#8E2F45' },
      700: { value: '#7A2439' },
      800: { value: '#621C2E' },
      900: { value: '#4A1623' },
      950: { value: '#2D0C15' },
    },
    gold: {
      50: { value: '#FCF8EE' },
      100: { value: '#F7EDD3' },
      200: { value: '#EFDBA6' },
      300: { value: '#E4C372' },
      400: { value: '#D6A94A' },
      500: { value: '#C2902F' },
      600: { value: '#A07424' },
      700: { value: '#7A5716' },
      800: { value: '#5F441C' },
      900: { value: '#4A3518' },
      950: { value: '#2A1D0C' },
    },
    ivory: {
      50: { value: '#FFFDF8' },
      100: { value: '#FAF6EE' },
      200: { value: '#F3ECDF' },
      300: { value: '#E2D6C4' },
      400: { value: '#C9B9A2' },
    },
    ink: {
      50: { value: '#F7F4F0' },
      100: { value: '#EDE8E2' },
      200: { value: '#DCD4CB' },
      300: { value: '#C2B7AB' },
      400: { value: '#958879' },
      500: { value: '#766A60' },
      600: { value: '#5E544C' },
      700: { value: '#4C433D' },
      800: { value: '#38312C' },
      900: { value: '#2A2420' },
      950: { value: '#1A1613' },
    },
    sage: {
      50: { value: '#F1F7F1' },
      100: { value: '#DCEDDD' },
      200: { value: '#B9DBBC' },
      600: { value: '#2F6B3A' },
      700: { value: '#25572F' },
    },
    brick: {
      50: { value: '#FDF3F2' },
      100: { value: '#FADFDC' },
      200: { value: '#F4BDB6' },
      600: { value: '#B42318' },
      700: { value: '#912018' },
    },
    ochre: {
      50: { value: '#FFF8EB' },
      100: { value: '#FDEBC8' },
      200: { value: '#F9D48E' },
      600: { value: '#A8610B' },
      700: { value: '#8A4B08' },
    },
    denim: {
      50: { value: '#F0F5FB' },
      100: { value: '#DCE7F5' },
      200: { value: '#B7CDEA' },
      600: { value: '#2F5E9E' },
      700: { value: '#244A7D' },
    },
  },
  fonts: {
    heading: { value: '"Iowan Old Style", "Palatino Linotype", Palatino, "Book Antiqua", Georgia, "Times New Roman", serif' },
    body: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif' },
  },
  borderWidths: {
    thin: { value: '1px' },
    thick: { value: '2px' },
    accent: { value: '4px' },
  },
  sizes: {
    toastViewport: { value: `${TOAST_VIEWPORT_MAX_WIDTH_PX}px` },
    dialogMaxHeight: { value: `${DIALOG_MAX_HEIGHT_VH}vh` },
    avatar: {
      nav: { value: `${AVATAR_NAV_SIZE_PX}px` },
      card: { value: `${AVATAR_CARD_SIZE_PX}px` },
    },
  },
  shadows: {
    xs: { value: '0 1px 2px rgba(42, 36, 32, 0.06)' },
    sm: { value: '0 1px 3px rgba(42, 36, 32, 0.08), 0 1px 2px rgba(42, 36, 32, 0.04)' },
    md: { value: '0 4px 12px -2px rgba(42, 36, 32, 0.10), 0 2px 4px -2px rgba(42, 36, 32, 0.06)' },
    lg: { value: '0 12px 28px -6px rgba(42, 36, 32, 0.16), 0 4px 8px -4px rgba(42, 36, 32, 0.08)' },
    xl: { value: '0 24px 48px -12px rgba(42, 36, 32, 0.24)' },
  },
  durations: {
    layout: { value: `${LAYOUT_TRANSITION_S}s` },
    featured: { value: `${FEATURED_FADE_S}s` },
  },
  easings: {
    emphasized: { value: 'cubic-bezier(0.16, 1, 0.3, 1)' },
  },
  zIndex: {
    sticky: { value: 1100 },
    overlay: { value: 1300 },
    modal: { value: 1400 },
    popover: { value: 1500 },
    toast: { value: 1700 },
    tooltip: { value: 1800 },
  },
  animations: {
    fadeIn: { value: 'fadeIn 200ms ease-out' },
    fadeOut: { value: 'fadeOut 150ms ease-in' },
    popIn: { value: 'popIn 160ms cubic-bezier(0.16, 1, 0.3, 1)' },
    toastInTop: { value: 'toastInTop 280ms cubic-bezier(0.16, 1, 0.3, 1)' },
    toastInRight: { value: 'toastInRight 280ms cubic-bezier(0.16, 1, 0.3, 1)' },
    toastSwipeOut: { value: 'toastSwipeOut 150ms ease-out' },
    overlayIn: { value: 'overlayIn 200ms ease-out' },
    overlayOut: { value: 'overlayOut 150ms ease-in' },
    dialogIn: { value: 'dialogIn 240ms cubic-bezier(0.16, 1, 0.3, 1)' },
    dialogOut: { value: 'dialogOut 150ms ease-in' },
    shimmer: { value: 'shimmer 1.6s ease-in-out infinite' },
    marquee: { value: `marquee ${STORY_CAROUSEL_LOOP_S}s linear infinite` },
    // `both` keeps a staggered card hidden until its delay has passed.
    riseIn: { value: 'riseIn 500ms cubic-bezier(0.16, 1, 0.3, 1) both' },
    featuredIn: { value: `fadeIn ${FEATURED_FADE_S}s ease-out both` },
  },
})

const semanticTokens = defineSemanticTokens({
  colors: {
    bg: {
      canvas: { value: '{colors.ivory.100}' },
      surface: { value: '{colors.ivory.50}' },
      muted: { value: '{colors.ivory.200}' },
      emphasized: { value: '{colors.ivory.300}' },
      inverse: { value: '{colors.ink.900}' },
      overlay: { value: 'rgba(26, 22, 19, 0.55)' },
    },
    fg: {
      default: { value: '{colors.ink.900}' },
      muted: { value: '{colors.ink.600}' },
      subtle: { value: '{colors.ink.500}' },
      inverse: { value: '{colors.ivory.50}' },
      onBrand: { value: '{colors.ivory.50}' },
      onAccent: { value: '{colors.ink.950}' },
    },
    brand: {
      solid: { value: '{colors.wine.700}' },
      hover: { value: '{colors.wine.800}' },
      active: { value: '{colors.wine.900}' },
      fg: { value: '{colors.wine.700}' },
      subtle: { value: '{colors.wine.50}' },
      muted: { value: '{colors.wine.100}' },
      border: { value: '{colors.wine.200}' },
    },
    accent: {
      solid: { value: '{colors.gold.400}' },
      hover: { value: '{colors.gold.500}' },
      fg: { value: '{colors.gold.700}' },
      subtle: { value: '{colors.gold.100}' },
      border: { value: '{colors.gold.300}' },
    },
    border: {
      subtle: { value: '{colors.ivory.200}' },
      default: { value: '{colors.ivory.300}' },
      // Form controls need 3:1 against the surface (WCAG 1.4.11).
      strong: { value: '{colors.ink.400}' },
      focus: { value: '{colors.wine.500}' },
    },
    success: {
      solid: { value: '{colors.sage.600}' },
      hover: { value: '{colors.sage.700}' },
      fg: { value: '{colors.sage.700}' },
      subtle: { value: '{colors.sage.50}' },
      border: { value: '{colors.sage.200}' },
    },
    danger: {
      solid: { value: '{colors.brick.600}' },
      hover: { value: '{colors.brick.700}' },
      fg: { value: '{colors.brick.700}' },
      subtle: { value: '{colors.brick.50}' },
      muted: { value: '{colors.brick.100}' },
      border: { value: '{colors.brick.200}' },
    },
    warning: {
      solid: { value: '{colors.ochre.600}' },
      hover: { value: '{colors.ochre.700}' },
      fg: { value: '{colors.ochre.700}' },
      subtle: { value: '{colors.ochre.50}' },
      border: { value: '{colors.ochre.200}' },
    },
    info: {
      solid: { value: '{colors.denim.600}' },
      hover: { value: '{colors.denim.700}' },
      fg: { value: '{colors.denim.700}' },
      subtle: { value: '{colors.denim.50}' },
      border: { value: '{colors.denim.200}' },
    },
  },
  radii: {
    control: { value: '{radii.lg}' },
    card: { value: '{radii.2xl}' },
  },
  spacing: {
    gutter: { value: { base: '{spacing.4}', md: '{spacing.8}' } },
    section: { value: { base: '{spacing.12}', md: '{spacing.20}' } },
  },
})

const textStyles = defineTextStyles({
  display: {
    value: {
      fontFamily: 'heading',
      fontWeight: 'semibold',
      fontSize: { base: '4xl', md: '6xl' },
      lineHeight: '1.1',
      letterSpacing: '-0.015em',
    },
  },
  h1: {
    value: {
      fontFamily: 'heading',
      fontWeight: 'semibold',
      fontSize: { base: '3xl', md: '5xl' },
      lineHeight: '1.15',
      letterSpacing: '-0.01em',
    },
  },
  h2: { value: { fontFamily: 'heading', fontWeight: 'semibold', fontSize: { base: '2xl', md: '3xl' }, lineHeight: '1.2' } },
  h3: { value: { fontFamily: 'heading', fontWeight: 'semibold', fontSize: { base: 'xl', md: '2xl' }, lineHeight: '1.3' } },
  h4: { value: { fontFamily: 'heading', fontWeight: 'semibold', fontSize: 'lg', lineHeight: '1.4' } },
  lead: { value: { fontFamily: 'body', fontSize: { base: 'lg', md: 'xl' }, lineHeight: '1.6' } },
  body: { value: { fontFamily: 'body', fontSize: 'md', lineHeight: '1.6' } },
  small: { value: { fontFamily: 'body', fontSize: 'sm', lineHeight: '1.5' } },
  caption: { value: { fontFamily: 'body', fontSize: 'xs', lineHeight: '1.4' } },
  overline: {
    value: {
      fontFamily: 'body',
      fontSize: 'xs',
      fontWeight: 'semibold',
      letterSpacing: '0.12em',
      textTransform: 'uppercase',
      lineHeight: '1.4',
    },
  },
  verse: { value: { fontFamily: 'heading', fontStyle: 'italic', fontSize: { base: 'lg', md: 'xl' }, lineHeight: '1.6' } },
})

const keyframes = defineKeyframes({
  fadeIn: { from: { opacity: 0 }, to: { opacity: 1 } },
  fadeOut: { from: { opacity: 1 }, to: { opacity: 0 } },
  popIn: { from: { opacity: 0, transform: 'scale(0.96)' }, to: { opacity: 1, transform: 'scale(1)' } },
  toastInTop: { from: { opacity: 0, transform: 'translateY(-100%)' }, to: { opacity: 1, transform: 'translateY(0)' } },
  toastInRight: { from: { transform: 'translateX(calc(100% + var(--spacing-6)))' }, to: { transform: 'translateX(0)' } },
  toastSwipeOut: {
    from: { transform: 'translateX(var(--radix-toast-swipe-end-x))' },
    to: { transform: 'translateX(calc(100% + var(--spacing-6)))' },
  },
  overlayIn: { from: { opacity: 0 }, to: { opacity: 1 } },
  overlayOut: { from: { opacity: 1 }, to: { opacity: 0 } },
  dialogIn: { from: { opacity: 0, transform: 'translateY(0.5rem) scale(0.97)' }, to: { opacity: 1, transform: 'translateY(0) scale(1)' } },
  dialogOut: { from: { opacity: 1, transform: 'scale(1)' }, to: { opacity: 0, transform: 'scale(0.97)' } },
  shimmer: { from: { backgroundPosition: '200% 0' }, to: { backgroundPosition: '-200% 0' } },
  marquee: { from: { transform: 'translateX(0)' }, to: { transform: 'translateX(-50%)' } },
  typingDot: { '0%, 80%, 100%': { opacity: 0.3, transform: 'translateY(0)' }, '40%': { opacity: 1, transform: 'translateY(-3px)' } },
  riseIn: { from: { opacity: 0, transform: 'translateY(0.75rem)' }, to: { opacity: 1, transform: 'translateY(0)' } },
})

// Recipes that screens pick variants from live here; staticCss '*' emits every variant, so a
// variant chosen at runtime (e.g. from a prop) is always styled. Variant-less Radix parts are
// styled next to their component.
const button = defineRecipe({
  className: 'button',
  staticCss: ['*'],
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '2',
    fontFamily: 'body',
    fontWeight: 'semibold',
    lineHeight: '1',
    whiteSpace: 'nowrap',
    borderRadius: 'control',
    borderWidth: 'thin',
    borderColor: 'transparent',
    cursor: 'pointer',
    userSelect: 'none',
    textDecoration: 'none',
    transitionProperty: 'background-color, border-color, color, box-shadow',
    transitionDuration: 'normal',
    transitionTimingFunction: 'default',
    focusVisibleRing: 'outside',
    _disabled: { opacity: 0.55, cursor: 'not-allowed', pointerEvents: 'none' },
    '&[aria-busy=true]': { cursor: 'progress' },
    '& svg': { flexShrink: 0 },
  },
  variants: {
    variant: {
      solid: { bg: 'brand.solid', color: 'fg.onBrand', boxShadow: 'xs', _hover: { bg: 'brand.hover' }, _active: { bg: 'brand.active' } },
      accent: { bg: 'accent.solid', color: 'fg.onAccent', boxShadow: 'xs', _hover: { bg: 'accent.hover' } },
      outline: {
        bg: 'bg.surface',
        color: 'brand.fg',
        borderColor: 'brand.solid',
        _hover: { bg: 'brand.subtle' },
        _active: { bg: 'brand.muted' },
      },
      ghost: { bg: 'transparent', color: 'fg.default', _hover: { bg: 'bg.muted' }, _active: { bg: 'bg.emphasized' } },
      link: {
        bg: 'transparent',
        color: 'brand.fg',
        textDecoration: 'underline',
        textUnderlineOffset: '0.2em',
        _hover: { color: 'brand.hover', textDecorationThickness: '2px' },
      },
      danger: { bg: 'danger.solid', color: 'fg.onBrand', boxShadow: 'xs', _hover: { bg: 'danger.hover' } },
    },
    size: {
      sm: { h: '9', px: '3', fontSize: 'sm' },
      md: { h: '11', px: '5', fontSize: 'md' },
      lg: { h: '12', px: '7', fontSize: 'lg' },
    },
    fullWidth: { true: { w: 'full' } },
  },
  compoundVariants: [{ variant: 'link', css: { h: 'auto', px: '0' } }],
  defaultVariants: { variant: 'solid', size: 'md' },
})

const input = defineRecipe({
  className: 'input',
  staticCss: ['*'],
  base: {
    w: 'full',
    minW: '0',
    bg: 'bg.surface',
    color: 'fg.default',
    fontFamily: 'body',
    borderWidth: 'thin',
    borderColor: 'border.strong',
    borderRadius: 'control',
    px: '3',
    transitionProperty: 'border-color, box-shadow',
    transitionDuration: 'normal',
    _placeholder: { color: 'fg.subtle' },
    focusVisibleRing: 'inside',
    '&[aria-invalid=true]': { borderColor: 'danger.solid', focusRingColor: 'danger.solid' },
    _disabled: { bg: 'bg.muted', color: 'fg.muted', cursor: 'not-allowed' },
  },
  variants: {
    // 16px text on phones keeps iOS Safari from zooming into the field.
    size: {
      sm: { h: '9', fontSize: { base: 'md', md: 'sm' } },
      md: { h: '11', fontSize: 'md' },
      lg: { h: '12', fontSize: 'lg', px: '4' },
    },
  },
  defaultVariants: { size: 'md' },
})

const badge = defineRecipe({
  className: 'badge',
  staticCss: ['*'],
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1',
    borderRadius: 'full',
    borderWidth: 'thin',
    borderColor: 'transparent',
    fontWeight: 'semibold',
    lineHeight: '1.2',
    whiteSpace: 'nowrap',
    fontVariantNumeric: 'tabular-nums',
  },
  variants: {
    variant: {
      brand: { bg: 'brand.solid', color: 'fg.onBrand' },
      accent: { bg: 'accent.solid', color: 'fg.onAccent' },
      success: { bg: 'success.subtle', color: 'success.fg', borderColor: 'success.border' },
      neutral: { bg: 'bg.muted', color: 'fg.muted' },
      info: { bg: 'info.subtle', color: 'info.fg', borderColor: 'info.border' },
      warning: { bg: 'warning.subtle', color: 'warning.fg', borderColor: 'warning.border' },
      outline: { bg: 'transparent', color: 'fg.default', borderColor: 'border.strong' },
    },
    size: {
      sm: { fontSize: 'xs', px: '2', py: '0.5' },
      md: { fontSize: 'sm', px: '2.5', py: '1' },
    },
  },
  defaultVariants: { variant: 'brand', size: 'sm' },
})

// Every raised or framed surface: `variant` is its fill and border, `elevation` its shadow. Only
// the Card component stacks header, body and footer (`stacked`); other surfaces lay out their own
// content, so the recipe leaves their display alone.
const card = defineSlotRecipe({
  className: 'card',
  staticCss: ['*'],
  slots: ['root', 'header', 'title', 'description', 'body', 'footer'],
  base: {
    root: { borderRadius: 'card', color: 'fg.default' },
    header: { display: 'flex', flexDirection: 'column', gap: '1', px: { base: '5', md: '6' }, pt: { base: '5', md: '6' } },
    title: { textStyle: 'h4' },
    description: { textStyle: 'small', color: 'fg.muted' },
    body: { flex: '1', px: { base: '5', md: '6' }, py: '4' },
    footer: { display: 'flex', alignItems: 'center', gap: '3', px: { base: '5', md: '6' }, pb: { base: '5', md: '6' } },
  },
  variants: {
    variant: {
      surface: { root: { bg: 'bg.surface', borderWidth: 'thin', borderColor: 'border.subtle' } },
      outline: { root: { bg: 'bg.surface', borderWidth: 'thin', borderColor: 'border.default' } },
      subtle: { root: { bg: 'bg.muted' } },
      // Frames what is not there yet: empty states.
      dashed: { root: { bg: 'bg.surface', borderWidth: 'thin', borderStyle: 'dashed', borderColor: 'border.default' } },
      highlight: { root: { bg: 'bg.surface', borderWidth: 'thin', borderColor: 'accent.border' } },
      accent: { root: { bg: 'accent.subtle', borderWidth: 'thin', borderColor: 'accent.border' } },
      success: { root: { bg: 'success.subtle', borderWidth: 'thin', borderColor: 'success.border', color: 'success.fg' } },
      brand: { root: { bg: 'brand.subtle', borderWidth: 'thin', borderColor: 'brand.border' } },
      brandSubtle: { root: { bg: 'brand.subtle' } },
      solid: { root: { bg: 'brand.solid', color: 'fg.onBrand' } },
      // No border: for a surface set on a coloured band.
      plain: { root: { bg: 'bg.surface' } },
    },
    elevation: {
      xs: { root: { boxShadow: 'xs' } },
      sm: { root: { boxShadow: 'sm' } },
      md: { root: { boxShadow: 'md' } },
      lg: { root: { boxShadow: 'lg' } },
      xl: { root: { boxShadow: 'xl' } },
    },
    stacked: { true: { root: { display: 'flex', flexDirection: 'column', overflow: 'hidden' } } },
  },
  defaultVariants: { variant: 'surface' },
})

// The picture, words and next step shown where a list is empty. `size` follows the space it fills:
// sm in a side panel, lg where it stands in for a whole page's content.
const emptyState = defineSlotRecipe({
  className: 'empty-state',
  staticCss: ['*'],
  slots: ['root', 'icon', 'title', 'description'],
  base: {
    root: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '3', px: '6', py: '12', textAlign: 'center' },
    icon: { color: 'brand.fg' },
    // A title that heads its own section (an h2) reads one step larger.
    title: { textStyle: 'h4', color: 'fg.default', '&:is(h2)': { textStyle: 'h3' } },
    description: { textStyle: 'body', color: 'fg.muted', maxW: 'md' },
  },
  variants: {
    size: {
      sm: { description: { textStyle: 'small', maxW: 'xs' } },
      md: {},
      lg: { root: { gap: '2', py: '10' }, icon: { mb: '2' } },
    },
  },
  defaultVariants: { size: 'md' },
})

const toast = defineSlotRecipe({
  className: 'toast',
  staticCss: ['*'],
  slots: ['root', 'title', 'description', 'close'],
  base: {
    root: {
      position: 'relative',
      display: 'grid',
      gridTemplateColumns: '1fr auto',
      columnGap: '3',
      rowGap: '1',
      alignItems: 'start',
      bg: 'bg.surface',
      color: 'fg.default',
      borderWidth: 'thin',
      borderColor: 'border.default',
      borderInlineStartWidth: 'accent',
      borderRadius: 'xl',
      boxShadow: 'lg',
      py: '3.5',
      ps: '4',
      pe: '2',
      '&[data-state=open]': { animation: { base: 'toastInTop', md: 'toastInRight' } },
      '&[data-state=closed]': { animation: 'fadeOut' },
      '&[data-swipe=move]': { transform: 'translateX(var(--radix-toast-swipe-move-x))' },
      '&[data-swipe=cancel]': { transform: 'translateX(0)', transition: 'transform 200ms ease-out' },
      '&[data-swipe=end]': { animation: 'toastSwipeOut' },
    },
    title: { gridColumn: '1', fontWeight: 'semibold', fontSize: 'md', lineHeight: '1.4', pt: '1' },
    description: { gridColumn: '1', fontSize: 'sm', color: 'fg.muted', lineHeight: '1.5' },
    close: {
      gridColumn: '2',
      gridRow: '1 / span 2',
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      w: '8',
      h: '8',
      borderRadius: 'md',
      color: 'fg.muted',
      cursor: 'pointer',
      _hover: { bg: 'bg.muted', color: 'fg.default' },
      focusVisibleRing: 'outside',
    },
  },
  variants: {
    variant: {
      default: { root: { borderInlineStartColor: 'brand.solid' } },
      success: { root: { borderInlineStartColor: 'success.solid' } },
      destructive: {
        root: { bg: 'danger.subtle', borderColor: 'danger.border', borderInlineStartColor: 'danger.solid' },
        title: { color: 'danger.fg' },
        description: { color: 'fg.default' },
        close: { _hover: { bg: 'danger.muted' } },
      },
    },
  },
  defaultVariants: { variant: 'default' },
})

const globalCss = defineGlobalStyles({
  html: {
    bg: 'bg.canvas',
    color: 'fg.default',
    fontFamily: 'body',
    lineHeight: '1.6',
    WebkitFontSmoothing: 'antialiased',
    MozOsxFontSmoothing: 'grayscale',
    textRendering: 'optimizeLegibility',
    // Panda's focusRing utilities read this colour.
    '--global-color-focus-ring': '{colors.border.focus}',
  },
  body: { minH: '100dvh' },
  // A fieldset groups choices like a div would; browsers otherwise keep it as wide as its content, so a row of chips could not scroll.
  fieldset: { minInlineSize: '0' },
  'h1, h2, h3, h4, h5, h6': { fontFamily: 'heading', textWrap: 'balance' },
  '::selection': { bg: 'accent.subtle', color: 'fg.default' },
  ':focus-visible': { outlineWidth: 'thick', outlineStyle: 'solid', outlineColor: 'border.focus', outlineOffset: '0.5' },
  '@media (prefers-reduced-motion: reduce)': {
    '*, *::before, *::after': {
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.01ms !important',
      scrollBehavior: 'auto !important',
    },
  },
})

export default defineConfig({
  preflight: true,
  include: ['./src/client/**/*.{ts,tsx}'],
  exclude: [],
  outdir: 'styled-system',
  jsxFramework: 'react',
  theme: {
    extend: {
      tokens,
      semanticTokens,
      textStyles,
      keyframes,
      recipes: { button, input, badge },
      slotRecipes: { card, emptyState, toast },
    },
  },
  globalCss,
})
