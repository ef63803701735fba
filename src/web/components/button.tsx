import type { ButtonHTMLAttributes } from 'react';
import { buttonClass, type ButtonVariant } from './button-classes';

export function Button({
  variant = 'primary',
  className,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant }) {
  return <button type="button" className={buttonClass(variant, className)} {...rest} />;
}
