import type { ButtonHTMLAttributes } from 'react';

type Variant = 'primary' | 'secondary' | 'danger';
const variants: Record<Variant, string> = {
  primary: 'bg-brand text-ink hover:bg-brand-dark border border-transparent',
  secondary: 'bg-white text-ink border border-gray-300 hover:bg-gray-100',
  danger: 'bg-red-800 text-white hover:bg-red-900 border border-transparent',
};

export function Button({
  variant = 'primary',
  className,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return (
    <button
      type="button"
      className={`inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold shadow-sm disabled:cursor-not-allowed disabled:opacity-60 ${variants[variant]} ${className ?? ''}`}
      {...rest}
    />
  );
}
