import type { ComponentProps } from 'react';
import { cn } from '@/utils/cn';

export const controlClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-xs placeholder:text-slate-500 ' +
  'focus-visible:border-rose-400 focus-visible:ring-2 focus-visible:ring-rose-200 focus-visible:outline-none ' +
  'disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500 read-only:bg-slate-50 ' +
  'aria-invalid:border-red-400 aria-invalid:focus-visible:ring-red-200';

/** A naira amount: never negative, to the kobo, the decimal keypad on phones. */
export const moneyInputProps = {
  type: 'number',
  inputMode: 'decimal',
  min: '0',
  step: '0.01',
  placeholder: '0.00',
} as const;

/** A whole number of units from `min` up, the numeric keypad on phones. */
export const unitCountInputProps = (min: 0 | 1) =>
  ({ type: 'number', inputMode: 'numeric', min: String(min), step: '1' }) as const;

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(controlClass, 'h-10', className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(controlClass, 'min-h-20 py-2', className)} {...props} />;
}
