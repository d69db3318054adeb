import { lazy, Suspense, useState, type FormEvent } from 'react';
import { MESSAGES, validateCost, validateReorderPoint } from '@inventory/contract/rules';
import { Button, Card, ImageField, LoadingOverlay, Spinner, TextField } from '@inventory/ui';
import type { ItemFormValues } from '../../catalogue/itemForm';
import { ItemFormFields } from '../../catalogue/ItemFormFields';
import { CategoryCombobox } from '../../category-suggestions/CategoryCombobox';
import { useItemForm } from '../../catalogue/useItemForm';
import { CostField } from './CostField';
import { imageChoiceError } from './imageChoice';
import { ProductCodeFields, productCodeErrors, type ProductCodeErrors, type ProductCodes } from './ProductCodeFields';
import type { ProductSubmission } from './productsSlice';

// draft-js is big: the editor loads with the product form only, never with the landing or login pages.
const RichTextField = lazy(() => import('@inventory/ui/rich-text').then((m) => ({ default: m.RichTextField })));

const ID_PREFIX = 'product';

export interface ProductFormProps {
  initialValues: ItemFormValues;
  initialDescription: string;
  /** The saved reorder point as text ('' for none). */
  initialReorderPoint?: string;
  /** The saved image's URL (edit), shown until a new file is chosen. */
  initialImageUrl?: string | null;
  /** The saved barcode and part number (edit); a new product also takes its own SKU. */
  initialCodes?: { barcode: string; mpn: string };
  /** A new product: its SKU may be typed. */
  withSku?: boolean;
  /** The role may set the cost (cost:update): the form has a Cost field and sends it. */
  withCost?: boolean;
  /** The saved cost as text ('' while not known). */
  initialCost?: string;
  saving: boolean;
  onSubmit: (submission: ProductSubmission) => void;
}

/**
 * The one product form of /add-product and /edit-product/:id: image with preview, name, category, price, quantity,
 * its codes (SKU on a new product, barcode, part number), the cost (only for roles that may set it), reorder point and
 * the rich-text description. Bad values show field errors and nothing is sent; what the user typed stays while saving
 * and after a failed save.
 */
export function ProductForm({
  initialValues,
  initialDescription,
  initialReorderPoint = '',
  initialImageUrl,
  initialCodes = { barcode: '', mpn: '' },
  withSku = false,
  withCost = false,
  initialCost = '',
  saving,
  onSubmit,
}: ProductFormProps) {
  const { values, errors, otherErrors, onChange, validate, clearField, setFields } = useItemForm(initialValues, ID_PREFIX, 'product');
  const [reorderPoint, setReorderPoint] = useState(initialReorderPoint);
  const [reorderPointError, setReorderPointError] = useState<string | undefined>();
  const [cost, setCost] = useState(initialCost);
  const [costError, setCostError] = useState<string | undefined>();
  const [description, setDescription] = useState(initialDescription);
  const [codes, setCodes] = useState<ProductCodes>({ sku: '', ...initialCodes });
  const [codeErrors, setCodeErrors] = useState<ProductCodeErrors>({});
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | undefined>();
  // A refused file is dropped from the input too: a new key gives a fresh, empty ImageField.
  const [imageFieldKey, setImageFieldKey] = useState(0);

  const onFileChange = (file: File | null) => {
    const problem = file ? imageChoiceError(file) : null;
    if (problem) {
      setImage(null);
      setImageError(problem);
      setImageFieldKey((key) => key + 1);
      return;
    }
    setImageError(undefined);
    setImage(file);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const fieldsOk = validate();
    const reorderProblem = validateReorderPoint(reorderPoint) ?? undefined;
    setReorderPointError(reorderProblem);
    const codeProblems = productCodeErrors(codes, withSku);
    setCodeErrors(codeProblems);
    const costProblem = withCost ? (validateCost(cost) ?? undefined) : undefined;
    setCostError(costProblem);
    if (!fieldsOk) return;
    if (costProblem) {
      document.getElementById(`${ID_PREFIX}-cost`)?.focus();
      return;
    }
    if (reorderProblem) {
      document.getElementById(`${ID_PREFIX}-reorderPoint`)?.focus();
      return;
    }
    const firstCode = (['sku', 'barcode', 'mpn'] as const).find((name) => codeProblems[name]);
    if (firstCode) {
      document.getElementById(`${ID_PREFIX}-${firstCode}`)?.focus();
      return;
    }
    const { sku, barcode, mpn } = codes;
    onSubmit({
      values: { ...values, description, reorderPoint, barcode, mpn, ...(withSku ? { sku } : {}), ...(withCost ? { cost } : {}) },
      image,
    });
  };

  return (
    <Card>
      {saving ? <LoadingOverlay label="Saving product" /> : null}
      <form onSubmit={submit} noValidate className="flex flex-col gap-5">
        <ImageField
          key={imageFieldKey}
          id={`${ID_PREFIX}-image`}
          label="Product Image"
          name="image"
          accept=".jpg,.jpeg,.png,image/jpeg,image/png"
          hint="Supported formats: jpg, jpeg, png"
          previewUrl={initialImageUrl ?? null}
          onFileChange={onFileChange}
          emptyText={MESSAGES.noImage}
          error={imageError}
        />
        <ItemFormFields
          values={values}
          errors={errors}
          onChange={onChange}
          idPrefix={ID_PREFIX}
          renderCategory={(field) => <CategoryCombobox {...field} onChange={(category) => setFields({ category })} />}
        />
        {withCost ? (
          <CostField
            id={`${ID_PREFIX}-cost`}
            value={cost}
            error={costError ?? otherErrors.cost}
            onChange={(value) => {
              setCost(value);
              setCostError(undefined);
              clearField('cost');
            }}
          />
        ) : null}
        <ProductCodeFields
          idPrefix={ID_PREFIX}
          codes={codes}
          withSku={withSku}
          errors={{ sku: codeErrors.sku ?? otherErrors.sku, barcode: codeErrors.barcode ?? otherErrors.barcode, mpn: codeErrors.mpn ?? otherErrors.mpn }}
          onChange={(name, value) => {
            setCodes((was) => ({ ...was, [name]: value }));
            setCodeErrors((was) => ({ ...was, [name]: undefined }));
            clearField(name);
          }}
        />
        <TextField
          id={`${ID_PREFIX}-reorderPoint`}
          label="Reorder point"
          name="reorderPoint"
          inputMode="numeric"
          autoComplete="off"
          value={reorderPoint}
          onChange={(event) => {
            setReorderPoint(event.target.value);
            setReorderPointError(undefined);
            clearField('reorderPoint');
          }}
          error={reorderPointError ?? otherErrors.reorderPoint}
          hint="Optional: the product is low on stock at or below this quantity"
        />
        <Suspense fallback={<Spinner label="Loading the description editor" />}>
          <RichTextField
            id={`${ID_PREFIX}-description`}
            label="Description"
            value={description}
            onChange={(html) => {
              setDescription(html);
              clearField('description');
            }}
            error={otherErrors.description}
            placeholder="Describe the product"
          />
        </Suspense>
        <div>
          <Button type="submit" loading={saving}>
            Save Product
          </Button>
        </div>
      </form>
    </Card>
  );
}
