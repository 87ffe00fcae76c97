import type { Ref } from 'react';
import { Search } from 'lucide-react';
import { Input } from '@/components/ui/input';

type SearchInputProps = {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  label: string;
  testId?: string;
  inputRef?: Ref<HTMLInputElement>;
  describedBy?: string;
};

export function SearchInput({ value, onChange, placeholder, label, testId, inputRef, describedBy }: SearchInputProps) {
  return (
    <div className="relative w-full">
      <Search
        className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500"
        aria-hidden="true"
      />
      <Input
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        aria-label={label}
        aria-describedby={describedBy}
        ref={inputRef}
        data-testid={testId}
        className="pl-9"
      />
    </div>
  );
}
