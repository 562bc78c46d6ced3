import type { BillingPeriod } from '#shared/content/plans.ts'
import { formatPrice } from '#shared/logic/pricing.ts'
import type { CheckoutView } from '#shared/schemas/billing.ts'

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 })
const billingDate = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' })

/** "June 4, 2027" for an ISO time from the billing procedures. */
export function formatBillingDate(iso: string): string {
  return billingDate.format(new Date(iso))
}

const periodWords: Record<BillingPeriod, string> = {
  monthly: 'Billed monthly, renews each month until you cancel',
  yearly: 'Billed yearly, renews each year until you cancel',
}

/** The price as the checkout states it, and how often it is paid. */
export function checkoutPrice(checkout: Pick<CheckoutView, 'amountUsd' | 'interval'>): { price: string; period: string } {
  if (!checkout.interval) return { price: usd.format(checkout.amountUsd), period: 'One-time payment, non-refundable' }
  return { price: formatPrice(checkout.amountUsd, checkout.interval), period: periodWords[checkout.interval] }
}
