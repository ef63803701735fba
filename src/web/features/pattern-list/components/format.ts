const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const time = new Intl.DateTimeFormat('en-US', { timeStyle: 'short' });
const price = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const count = new Intl.NumberFormat('en-US');

export const formatDate = (iso: string) => date.format(new Date(iso));
export const formatTime = (iso: string) => time.format(new Date(iso));
export const formatPrice = (v: number | null) => (v === null ? '' : price.format(v));
export const formatCount = (n: number) => count.format(n);
