import { lazyRouteComponent } from '@tanstack/react-router'

/**
 * `/` is the landing page for visitors and Discover for members. Each loads its own code, so a
 * visitor never downloads Discover and a member never downloads the landing page; the route's
 * loader fetches the one it will show before it renders, so neither flashes a loading state.
 */
export const LandingScreen = lazyRouteComponent(() => import('#client/features/landing/landing-page.tsx'), 'LandingPage')
export const DiscoverScreen = lazyRouteComponent(() => import('#client/features/discover/discover-screen.tsx'), 'DiscoverScreen')
