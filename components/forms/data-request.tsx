import { Button } from '@/components/ui/button';

export type DataRequestType = 'export' | 'rectify' | 'erase' | 'portability';

/** Placeholder: the lead-capture work makes this open the data-request form with the type preset. */
export function DataRequestButton({ type, label }: { type: DataRequestType; label: string }) {
  return (
    <Button variant="outline" data-request-type={type}>
      {label}
    </Button>
  );
}
