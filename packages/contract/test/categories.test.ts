import { describe, expect, it } from 'vitest';
import {
  can,
  CATEGORY_LIST_MAX,
  categoryKey,
  categoryListQuerySchema,
  categoryMatches,
  categoryMergeRefusal,
  categoryMergeSchema,
  categoryName,
  categoryRenameRefusal,
  categoryRenameSchema,
  createCategoryReport,
  forbiddenMessage,
  IMPORT_MAX_CATEGORY_MAPPINGS,
  MESSAGES,
  queryCategories,
  resolveCategory,
  ROLES,
  validateItemFields,
  type CategoryRow,
} from '../src';

describe('categoryKey', () => {
  it('folds case and accents, trims, and makes a run of spaces one', () => {
    expect(categoryKey('Laptops')).toBe('laptops');
    expect(categoryKey('  LAPTOPS ')).toBe('laptops');
    expect(categoryKey('Láptops')).toBe('laptops');
    expect(categoryKey('Écrans  et\u00a0 moniteurs')).toBe('ecrans et moniteurs');
    expect(categoryKey('docking stations')).toBe('docking stations');
  });

  it('takes compatibility forms to their plain letters (NFKD)', () => {
    expect(categoryKey('ﬁber')).toBe('fiber');
    expect(categoryKey('Ｃａｂｌｅｓ')).toBe('cables');
    // A decomposed accent is the same category as a composed one.
    expect(categoryKey('Cafe\u0301')).toBe(categoryKey('Café'));
  });

  it('keeps what is different different', () => {
    expect(categoryKey('Dock')).not.toBe(categoryKey('Docks'));
    expect(categoryKey('Docking stations')).not.toBe(categoryKey('Docking-stations'));
  });
});

describe('categoryName', () => {
  it('is the written spelling, trimmed, with single spaces', () => {
    expect(categoryName('  laptop   bags ')).toBe('laptop bags');
    expect(categoryName('Écrans')).toBe('Écrans');
  });
});

describe('resolveCategory', () => {
  const store = new Map([[categoryKey('Laptops'), { name: 'Laptops', key: categoryKey('Laptops') }]]);
  it("takes the store's spelling for a category it has, whatever the case and accents written", () => {
    expect(resolveCategory('laptops', (key) => store.get(key))).toEqual({ name: 'Laptops', key: 'laptops', created: false });
    expect(resolveCategory(' LÁPTOPS ', (key) => store.get(key))).toEqual({ name: 'Laptops', key: 'laptops', created: false });
  });

  it('makes a new one in the written spelling otherwise', () => {
    expect(resolveCategory('  Docking   stations ', (key) => store.get(key))).toEqual({ name: 'Docking stations', key: 'docking stations', created: true });
  });
});

describe('queryCategories', () => {
  const row = (_id: string, name: string, products = 1): CategoryRow => ({ _id, name, products, createdAt: '2024-01-01T00:00:00.000Z', updatedAt: '2024-01-01T00:00:00.000Z' });
  const categories = [row('3', 'cables'), row('1', 'Écrans'), row('2', 'Accessories'), row('4', 'Docks', 0)];

  it('lists in order of the keys (case and accents folded), whole without a query', () => {
    expect(queryCategories(categories, {}).items.map((c) => c.name)).toEqual(['Accessories', 'cables', 'Docks', 'Écrans']);
    expect(queryCategories(categories, {}).total).toBe(4);
  });

  it('finds by a part of the name, whatever its case and accents', () => {
    expect(queryCategories(categories, { q: 'ECRAN' }).items.map((c) => c.name)).toEqual(['Écrans']);
    expect(queryCategories(categories, { q: 'écr' }).items.map((c) => c.name)).toEqual(['Écrans']);
    expect(queryCategories(categories, { q: 'S' }).total).toBe(4);
    expect(categoryMatches({ name: 'Docks' }, '  ')).toBe(true);
  });

  it('answers at most `limit`, counting every match', () => {
    const answer = queryCategories(categories, { limit: 2 });
    expect(answer.items.map((c) => c.name)).toEqual(['Accessories', 'cables']);
    expect(answer.total).toBe(4);
    const many = Array.from({ length: CATEGORY_LIST_MAX + 5 }, (_, i) => row(String(i), `c${String(i).padStart(5, '0')}`));
    expect(queryCategories(many, {}).items).toHaveLength(CATEGORY_LIST_MAX);
  });
});

describe('renaming and merging', () => {
  it('refuses a rename onto the key of another category (that is a merge), allows a new spelling of its own', () => {
    expect(categoryRenameRefusal({ category: undefined, name: 'X', holder: undefined })).toEqual({ status: 404, message: MESSAGES.categoryNotFound });
    expect(categoryRenameRefusal({ category: { _id: 'a' }, name: 'laptops', holder: { _id: 'b', name: 'Laptops' } })).toEqual({
      status: 409,
      message: MESSAGES.categoryNameTaken('Laptops'),
    });
    expect(categoryRenameRefusal({ category: { _id: 'a' }, name: 'LAPTOPS', holder: { _id: 'a', name: 'laptops' } })).toBeNull();
    expect(categoryRenameRefusal({ category: { _id: 'a' }, name: 'Notebooks', holder: undefined })).toBeNull();
  });

  it('merges only an existing category into another existing one', () => {
    expect(categoryMergeRefusal({ source: undefined, target: { _id: 'b' }, into: 'b' })?.status).toBe(404);
    expect(categoryMergeRefusal({ source: { _id: 'a' }, target: { _id: 'a' }, into: 'a' })).toEqual({ status: 400, message: MESSAGES.categoryMergeIntoItself });
    expect(categoryMergeRefusal({ source: { _id: 'a' }, target: undefined, into: 'b' })).toEqual({ status: 404, message: MESSAGES.categoryMergeTargetNotFound });
    expect(categoryMergeRefusal({ source: { _id: 'a' }, target: { _id: 'b' }, into: 'b' })).toBeNull();
  });

  it('reads what is renamed and merged with the form rules of a category', () => {
    expect(categoryRenameSchema.parse({ name: '  Notebooks ' })).toEqual({ name: 'Notebooks' });
    const blank = categoryRenameSchema.safeParse({ name: ' ' });
    expect(blank.success).toBe(false);
    expect(blank.error?.issues[0]?.message).toBe(MESSAGES.categoryRequired);
    expect(categoryRenameSchema.safeParse({ name: 'a\nb' }).success).toBe(false);
    expect(categoryRenameSchema.safeParse({ name: 'x'.repeat(51) }).error?.issues[0]?.message).toBe(MESSAGES.fieldTooLong('Category', 50));
    expect(validateItemFields({ name: 'n', category: 'x'.repeat(51), price: 1, quantity: 1 }).category).toBe(MESSAGES.fieldTooLong('Category', 50));
    expect(categoryRenameSchema.safeParse({ name: 'ok', extra: 1 }).success).toBe(false);
    expect(categoryMergeSchema.safeParse({ into: 'nope' }).error?.issues[0]?.message).toBe(MESSAGES.categoryMergeTargetNotFound);
    expect(categoryListQuerySchema.safeParse({ q: 'a\u0000' }).error?.issues[0]?.message).toBe(MESSAGES.nulCharacter);
    expect(categoryListQuerySchema.safeParse({ limit: String(CATEGORY_LIST_MAX + 1) }).success).toBe(false);
    expect(categoryListQuerySchema.parse({ q: ' lap ', limit: '8' })).toEqual({ q: 'lap', limit: 8 });
  });

  it('lets every member read categories and owners and managers rename and merge them', () => {
    for (const role of ROLES) expect(can(role, 'categories:read')).toBe(true);
    expect(ROLES.filter((role) => can(role, 'categories:update'))).toEqual(['owner', 'manager']);
    expect(ROLES.filter((role) => can(role, 'categories:merge'))).toEqual(['owner', 'manager']);
    expect(forbiddenMessage('staff', 'categories:merge')).toBe(MESSAGES.roleForbidden('staff', 'merge categories'));
  });
});

describe('createCategoryReport (a dry run of the import)', () => {
  it('says which spellings go to a category of another spelling and which categories are new', () => {
    const report = createCategoryReport();
    report.add(['laptops', 'Laptops', 'LAPTOPS', 'Docks', 'docks', 'Docks'], [{ name: 'Laptops', key: 'laptops' }]);
    report.add(['Cables', 'cables'], []);
    expect(report.result).toEqual({
      categories: [
        { written: 'laptops', category: 'Laptops', existing: true },
        { written: 'LAPTOPS', category: 'Laptops', existing: true },
        { written: 'Docks', category: 'Docks', existing: false },
        { written: 'docks', category: 'Docks', existing: false },
        { written: 'Cables', category: 'Cables', existing: false },
        { written: 'cables', category: 'Cables', existing: false },
      ],
      categoriesMapped: 4,
      categoriesCreated: 2,
    });
  });

  it(`lists the first ${IMPORT_MAX_CATEGORY_MAPPINGS} and counts them all`, () => {
    const report = createCategoryReport();
    report.add(Array.from({ length: IMPORT_MAX_CATEGORY_MAPPINGS + 10 }, (_, i) => `New ${i}`), []);
    expect(report.result.categories).toHaveLength(IMPORT_MAX_CATEGORY_MAPPINGS);
    expect(report.result.categoriesCreated).toBe(IMPORT_MAX_CATEGORY_MAPPINGS + 10);
  });
});
