/**
 * The shared button's look (button.tsx), without React: My Patterns' first rows, drawn before React
 * has loaded (features/pattern-list/first-rows.ts), draw their buttons with it too.
 */
export type ButtonVariant = 'primary' | 'secondary' | 'danger';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand text-ink hover:bg-brand-dark border border-transparent',
  secondary: 'bg-white text-ink border border-gray-300 hover:bg-gray-100',
  danger: 'bg-red-800 text-white hover:bg-red-900 border border-transparent',
};

export function buttonClass(variant: ButtonVariant, extra?: string): string {
  return `inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold shadow-sm disabled:cursor-not-allowed disabled:opacity-60 ${variants[variant]} ${extra ?? ''}`;
}
