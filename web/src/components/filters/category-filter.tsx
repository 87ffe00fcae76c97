import { PRODUCT_CATEGORIES } from '@shop/contracts';
import { SelectField } from '@/components/ui/select';
import { ALL_CATEGORIES } from '@/utils/product-filters';

const options = [
  { value: ALL_CATEGORIES, label: 'All Categories' },
  ...PRODUCT_CATEGORIES.map((category) => ({ value: category, label: category })),
];

export function CategoryFilter({
  value,
  onChange,
  testId,
}: {
  value: string;
  onChange: (value: string) => void;
  testId?: string;
}) {
  return (
    <SelectField
      value={value}
      onValueChange={onChange}
      options={options}
      aria-label="Filter by category"
      data-testid={testId}
      className="sm:w-60"
    />
  );
}
