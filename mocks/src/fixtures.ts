import { makeSku, type Customer, type Order, type Product, type ProductImage, type Role, type Supplier } from '@inventory/contract';
import { FIXTURE_IMAGES } from './fixture-images';

/** A user the mock database can be seeded with (the demo user, story users). */
export interface SeedUserInput {
  name: string;
  email: string;
  password: string;
  phone?: string;
  bio?: string;
  photo?: string;
  /** A v4 UUID, as the server makes user ids; generated when left out. */
  _id?: string;
  /**
   * The store a new user gets (the server makes one at registration), seeded with them as its owner when they have
   * none yet. Default: a random id and "<name>'s store".
   */
  store?: { _id?: string; name?: string };
}

/**
 * Fixture data for stories and tests. Everything renders offline: the demo photo is a file of `mocks/public`
 * (served as a static dir by Storybook and `npm run dev:mock`), and its `/uploads/` path passes the server's photo
 * rule, so saving the profile unchanged works as it does against the real server.
 */
export const DEMO_PHOTO_URL = '/uploads/demo-avatar.png';

/** Seeded by `resetMockDb()` (unless `{ seed: false }`), so `npm run dev:mock` has an account to sign in with. */
export const demoUser = {
  _id: '64b7f0c2-a1d3-4e4f-8a6b-7c8d9e0f1a2b',
  name: 'Jane Doe',
  email: 'jane@example.com',
  password: 'secret123',
  phone: '+1 555 0100',
  bio: 'Runs the stock room at a small IT-equipment shop.',
  photo: DEMO_PHOTO_URL,
  store: { _id: '0b1d2c3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e', name: 'Acme IT Supplies' },
} as const satisfies SeedUserInput;

/** The demo user's store, which holds the demo catalogue; she is its owner. */
export const demoStore = demoUser.store;

/** A second account, for stories or tests that need two users. Not seeded by default. */
export const otherUser = {
  _id: '64b7f0c2-a1d3-4e4f-8a6b-7c8d9e0f1a2c',
  name: 'John Smith',
  email: 'john@example.com',
  password: 'secret456',
  phone: '',
  bio: '',
  photo: '',
} as const satisfies SeedUserInput;

/** A name longer than NAME_TRUNCATE_LENGTH, for the header's truncation. */
export const longNameUser = {
  name: 'Maximiliana Featherstonehaugh',
  email: 'maximiliana@example.com',
  password: 'secret789',
} as const satisfies SeedUserInput;

/* ------------------------------------------------------------------ teams */

/** A second store, for stories with a store switcher: John Smith's, which Jane joined as staff. */
export const secondStore = { _id: '0b1d2c3e-4f5a-4b6c-8d7e-9f0a1b2c3d4f', name: 'Northwind Repairs' } as const;

/** A third store: Jane is a viewer there. */
export const thirdStore = { _id: '0b1d2c3e-4f5a-4b6c-8d7e-9f0a1b2c3d50', name: 'Contoso Warehouse' } as const;

/** Team members of the demo store beside Jane (owner), for the Team page: one of each other role. */
export const demoTeam: ReadonlyArray<{ user: SeedUserInput & { _id: string }; role: Role; joinedAt: string }> = [
  {
    user: {
      _id: '5a1c2d3e-0001-4b6c-8d7e-000000000001',
      name: 'Sam Carter',
      email: 'sam@example.com',
      password: 'secret123',
    },
    role: 'manager',
    joinedAt: '2024-03-02T10:00:00.000Z',
  },
  {
    user: {
      _id: '5a1c2d3e-0001-4b6c-8d7e-000000000002',
      name: 'Priya Patel',
      email: 'priya@example.com',
      password: 'secret123',
    },
    role: 'staff',
    joinedAt: '2024-03-05T14:30:00.000Z',
  },
  {
    user: {
      _id: '5a1c2d3e-0001-4b6c-8d7e-000000000003',
      name: 'Leo Martin',
      email: 'leo@example.com',
      password: 'secret123',
    },
    role: 'viewer',
    joinedAt: '2024-03-09T08:15:00.000Z',
  },
];

/* ------------------------------------------------------------------ catalogue */

/** Ids as the server makes them (v4 UUIDs), fixed so stories can link to `/product-detail/<id>`. */
const fixtureId = (kind: number, n: number): string =>
  `${kind}0000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

/** The byte length of base64 data. */
export function base64ByteLength(base64: string): number {
  return Math.floor((base64.length * 3) / 4) - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0);
}

/** A fixture product image: a file of mocks/public/uploads, registered as the demo user's upload. */
function fixtureImage(fileName: string): ProductImage {
  const image = FIXTURE_IMAGES[fileName];
  if (!image) throw new Error(`No fixture image ${fileName} (see mocks/scripts/make-fixture-images.mjs)`);
  return { fileName, filePath: `/uploads/${fileName}`, fileType: image.type, fileSize: base64ByteLength(image.base64) };
}

/** The three product images of the demo catalogue (320x240, under mocks/public/uploads). */
export const LAPTOP_IMAGE = fixtureImage('demo-laptop.png');
export const MONITOR_IMAGE = fixtureImage('demo-monitor.jpg');
export const ROUTER_IMAGE = fixtureImage('demo-router.png');

/** The six categories of the demo catalogue. */
export const DEMO_CATEGORIES = ['Laptops', 'Monitors', 'Networking', 'Printers', 'Accessories', 'Storage'] as const;

/** Fixture dates start here: 1 March 2024, 09:00 UTC. */
const BASE_TIME = Date.UTC(2024, 2, 1, 9, 0, 0);
const HOUR = 60 * 60 * 1000;

/**
 * A full Product with sensible defaults, for stories and tests: `makeProduct({ name: 'Dock', quantity: 0 })`.
 * Without `sku`, the SKU follows the contract's rule (makeSku) for the category and `createdAt`.
 */
export function makeProduct(overrides: Partial<Product> = {}): Product {
  const createdAt = overrides.createdAt ?? new Date(BASE_TIME).toISOString();
  const category = overrides.category ?? 'Accessories';
  return {
    _id: fixtureId(9, 1),
    name: 'USB-C Travel Hub',
    category,
    price: 49.99,
    quantity: 10,
    description: '',
    image: {},
    createdAt,
    updatedAt: createdAt,
    ...overrides,
    sku: overrides.sku ?? makeSku(category, Date.parse(createdAt)),
  };
}

/** A full Order with sensible defaults: `makeOrder({ name: 'Toner', quantity: 3 })`. */
export function makeOrder(overrides: Partial<Order> = {}): Order {
  const createdAt = overrides.createdAt ?? new Date(BASE_TIME).toISOString();
  const category = overrides.category ?? 'Accessories';
  return {
    _id: fixtureId(9, 2),
    name: 'USB-C Travel Hub',
    category,
    price: 49.99,
    quantity: 1,
    createdAt,
    updatedAt: createdAt,
    ...overrides,
    sku: overrides.sku ?? makeSku(category, Date.parse(createdAt)),
  };
}

type ProductRow = [
  name: string,
  category: (typeof DEMO_CATEGORIES)[number],
  price: number,
  quantity: number,
  description?: string,
  image?: ProductImage,
];

/** Oldest first; the list answers them newest first (the last row on top). */
const PRODUCT_ROWS: ProductRow[] = [
  [
    'ThinkPad X1 Carbon Gen 11',
    'Laptops',
    1649,
    8,
    '<p><strong>14" business ultrabook</strong>, 1.12 kg.</p><ul><li>Intel Core i7-1365U, 16 GB LPDDR5</li><li>512 GB PCIe Gen4 SSD</li><li>2.8K OLED, 400 nits</li></ul><p>Datasheet: <a href="https://www.lenovo.com/">lenovo.com</a></p>',
    LAPTOP_IMAGE,
  ],
  ['Dell Latitude 5440', 'Laptops', 1129.5, 12, '<p>14" FHD, Core i5-1335U, 16 GB, 256 GB SSD.</p>'],
  [
    'MacBook Air 13 M3',
    'Laptops',
    1299,
    0,
    '<p><em>Back in stock next month.</em> 8-core CPU, 16 GB unified memory, 512 GB.</p>',
  ],
  [
    'Dell UltraSharp U2723QE',
    'Monitors',
    579.99,
    6,
    '<h2>27" 4K USB-C hub monitor</h2><p>IPS Black, 98% DCI-P3, <strong>90 W</strong> power delivery, RJ45.</p><ol><li>Height, tilt, swivel, pivot</li><li>3-year advanced exchange</li></ol>',
    MONITOR_IMAGE,
  ],
  ['LG 24MP400-B', 'Monitors', 119, 25, '<p>24" IPS, 75 Hz, AMD FreeSync.</p>'],
  [
    'Ubiquiti UniFi Dream Router',
    'Networking',
    199,
    4,
    '<p>Wi-Fi 6 router with a 4-port switch (2 PoE) and UniFi Network built in. Questions: <a href="mailto:sales@example.com">sales@example.com</a></p>',
    ROUTER_IMAGE,
  ],
  ['TP-Link TL-SG108E 8-Port Switch', 'Networking', 34.9, 40, '<p>Easy smart gigabit switch, VLAN and QoS.</p>'],
  ['Cat6 Patch Cable 2 m (10-pack)', 'Networking', 18.75, 0],
  [
    'HP LaserJet Pro M404dn',
    'Printers',
    329,
    3,
    '<p>Mono laser, 38 ppm, duplex, Ethernet. Toner: <strong>CF259A</strong>.</p>',
  ],
  ['Brother HL-L3270CDW', 'Printers', 289.99, 2],
  [
    'Logitech MX Master 3S',
    'Accessories',
    99.99,
    30,
    '<p>Quiet clicks, 8K DPI sensor, USB-C. Pairs with up to <u>3 devices</u>.</p>',
  ],
  ['Anker USB-C Docking Station 13-in-1', 'Accessories', 229, 7],
  ['Samsung 990 PRO 2 TB NVMe SSD', 'Storage', 169.99, 15, '<p>PCIe 4.0, up to 7,450 MB/s read.</p>'],
  ['Seagate IronWolf 8 TB NAS HDD', 'Storage', 189, 9],
];

/**
 * The demo user's catalogue, seeded by `resetMockDb()`: 14 products over the six DEMO_CATEGORIES, newest first as
 * the list answers. Out of stock: 'MacBook Air 13 M3' and 'Cat6 Patch Cable 2 m (10-pack)'. With an image:
 * 'ThinkPad X1 Carbon Gen 11', 'Dell UltraSharp U2723QE', 'Ubiquiti UniFi Dream Router'. Rich descriptions on
 * most (lists, headings, links, bold); none on some.
 */
export const demoProducts: Product[] = PRODUCT_ROWS.map(([name, category, price, quantity, description, image], i) => {
  const created = BASE_TIME + i * 26 * HOUR;
  return makeProduct({
    _id: fixtureId(1, i + 1),
    name,
    category,
    price,
    quantity,
    description: description ?? '',
    image: image ?? {},
    createdAt: new Date(created).toISOString(),
    // Every third product was edited later.
    updatedAt: new Date(created + (i % 3 === 0 ? 5 * 24 * HOUR : 0)).toISOString(),
  });
}).reverse();

const productNamed = (name: string): Product => {
  const product = demoProducts.find((p) => p.name === name);
  if (!product) throw new Error(`No demo product ${name}`);
  return product;
};

/** Handy single fixtures for detail and edit stories. */
export const productWithImage = productNamed('ThinkPad X1 Carbon Gen 11');
export const productWithoutImage = productNamed('Dell Latitude 5440');
export const outOfStockProduct = productNamed('MacBook Air 13 M3');

type OrderRow = [name: string, category: (typeof DEMO_CATEGORIES)[number], price: number, quantity: number];

const ORDER_ROWS: OrderRow[] = [
  ['ThinkPad X1 Carbon Gen 11', 'Laptops', 1649, 2],
  ['Dell UltraSharp U2723QE', 'Monitors', 579.99, 4],
  ['Cat6 Patch Cable 2 m (10-pack)', 'Networking', 18.75, 20],
  ['HP 59A Black Toner (CF259A)', 'Printers', 119.9, 6],
  ['Logitech MX Master 3S', 'Accessories', 99.99, 10],
  ['Samsung 990 PRO 2 TB NVMe SSD', 'Storage', 169.99, 5],
  ['MacBook Air 13 M3', 'Laptops', 1299, 3],
  ['Ubiquiti U6 Pro Access Point', 'Networking', 159, 8],
];

/** The demo user's orders, seeded by `resetMockDb()`: 8 orders over the six categories, newest first. */
export const demoOrders: Order[] = ORDER_ROWS.map(([name, category, price, quantity], i) => {
  const created = new Date(BASE_TIME + 10 * 24 * HOUR + i * 31 * HOUR).toISOString();
  return makeOrder({
    _id: fixtureId(2, i + 1),
    name,
    category,
    price,
    quantity,
    createdAt: created,
    updatedAt: created,
  });
}).reverse();

const MANY_MODELS: Record<(typeof DEMO_CATEGORIES)[number], string[]> = {
  Laptops: ['HP EliteBook 840 G10', 'Lenovo ThinkPad T14', 'ASUS ExpertBook B9', 'Acer TravelMate P2'],
  Monitors: ['Dell P2422H', 'BenQ GW2785TC', 'Samsung ViewFinity S6', 'ASUS ProArt PA278CV'],
  Networking: ['Netgear GS308', 'MikroTik hAP ax2', 'Cisco CBS250-24T', 'UniFi U6 Lite'],
  Printers: ['Canon i-SENSYS MF453dw', 'Epson EcoTank ET-4850', 'Brother MFC-L2750DW', 'HP OfficeJet Pro 9025e'],
  Accessories: ['Logitech K120 Keyboard', 'Jabra Evolve2 40', 'Kensington Lock', 'Belkin 65 W USB-C Charger'],
  Storage: ['WD Red Plus 4 TB', 'Crucial MX500 1 TB', 'SanDisk Extreme 1 TB', 'Kingston NV2 500 GB'],
};

/**
 * `n` generated products (newest first) for "page 2 of many" stories and big-catalogue demos: names cycle through
 * the six categories, every 7th is out of stock, ids are fixed (`30000000-0000-4000-8000-<n>`), no images.
 * `manyProducts(23)` gives 5 pages of 5.
 */
export function manyProducts(n: number): Product[] {
  const list: Product[] = [];
  for (let i = 0; i < n; i += 1) {
    const category = DEMO_CATEGORIES[i % DEMO_CATEGORIES.length]!;
    const models = MANY_MODELS[category];
    const round = Math.floor(i / DEMO_CATEGORIES.length);
    const model = models[round % models.length]!;
    const created = new Date(BASE_TIME + i * HOUR).toISOString();
    list.push(
      makeProduct({
        _id: fixtureId(3, i + 1),
        name: round < models.length ? model : `${model} #${Math.floor(round / models.length) + 1}`,
        category,
        price: Math.round((19.99 + ((i * 137) % 1500) + (i % 4) * 0.25) * 100) / 100,
        quantity: i % 7 === 6 ? 0 : ((i * 13) % 50) + 1,
        description: `<p>Generated product ${i + 1} of ${n}.</p>`,
        createdAt: created,
        updatedAt: created,
      }),
    );
  }
  return list.reverse();
}

/** A full Customer with sensible defaults: `makeCustomer({ name: 'Grace Hopper' })`. */
export function makeCustomer(overrides: Partial<Customer> = {}): Customer {
  const createdAt = overrides.createdAt ?? new Date(BASE_TIME).toISOString();
  return {
    _id: fixtureId(9, 3),
    name: 'Grace Hopper',
    company: '',
    email: '',
    phone: '',
    billingAddress: '',
    shippingAddress: '',
    taxId: '',
    notes: '',
    archivedAt: null,
    createdAt,
    updatedAt: createdAt,
    ...overrides,
  };
}

type CustomerRow = [name: string, company: string, email: string, phone: string, billingAddress: string, taxId: string];

const CUSTOMER_ROWS: CustomerRow[] = [
  ['Grace Hopper', 'Cobol Systems Ltd', 'grace@cobol.example', '+44 20 7946 0958', '1 Compiler Lane\nLeeds LS1 4AP\nUnited Kingdom', 'GB123456789'],
  ['Alan Turing', 'Bletchley Analytics', 'alan@bletchley.example', '+44 1908 640404', 'The Park\nMilton Keynes MK3 6EB', ''],
  ['Katherine Johnson', 'Orbit Labs', 'katherine@orbit.example', '+1 757 555 0142', '', 'US-EIN 12-3456789'],
  ['Linus Berg', '', 'linus@berg.example', '+46 8 555 012 34', 'Storgatan 12\n114 51 Stockholm', ''],
  ['Margaret Hamilton', 'Apollo Software', 'margaret@apollo.example', '', '', ''],
  ['Tim Berners', 'Web Foundry', '', '+41 22 555 0199', '', 'CHE-123.456.789'],
];

/** The demo store's customers (newest first), ids `40000000-…`. */
export const demoCustomers: Customer[] = CUSTOMER_ROWS.map(([name, company, email, phone, billingAddress, taxId], i) => {
  const created = new Date(BASE_TIME + 5 * 24 * HOUR + i * 29 * HOUR).toISOString();
  return makeCustomer({ _id: fixtureId(4, i + 1), name, company, email, phone, billingAddress, taxId, createdAt: created, updatedAt: created });
}).reverse();

/** `n` generated customers (newest first) for "page 2 of many" stories; ids `50000000-…`. */
export function manyCustomers(n: number): Customer[] {
  const companies = ['Acme', 'Globex', 'Initech', 'Umbrella', 'Stark Industries', ''];
  return Array.from({ length: n }, (_, i) => {
    const created = new Date(BASE_TIME + i * HOUR).toISOString();
    return makeCustomer({
      _id: fixtureId(5, i + 1),
      name: `Customer ${String(i + 1).padStart(3, '0')}`,
      company: companies[i % companies.length]!,
      email: `customer${i + 1}@example.com`,
      phone: `+1 555 01${String(i % 100).padStart(2, '0')}`,
      createdAt: created,
      updatedAt: created,
    });
  }).reverse();
}

/** A full Supplier with sensible defaults: `makeSupplier({ name: 'Northwind' })`. */
export function makeSupplier(overrides: Partial<Supplier> = {}): Supplier {
  const createdAt = overrides.createdAt ?? new Date(BASE_TIME).toISOString();
  return {
    _id: fixtureId(6, 99),
    name: 'Northwind Distribution',
    contact: '',
    email: '',
    phone: '',
    address: '',
    leadTimeDays: null,
    notes: '',
    archivedAt: null,
    createdAt,
    updatedAt: createdAt,
    ...overrides,
  };
}

type SupplierRow = [name: string, contact: string, email: string, phone: string, address: string, leadTimeDays: number | null];

const SUPPLIER_ROWS: SupplierRow[] = [
  ['Northwind Distribution', 'Anne Dodsworth', 'orders@northwind.example', '+44 161 496 0000', '12 Quay Street\nManchester M3 3HN', 5],
  ['Ingram Micro', 'Laura Callahan', 'sales@ingram.example', '+1 714 555 0100', '3351 Michelson Drive\nIrvine, CA 92612', 3],
  ['Contoso Components', '', 'parts@contoso.example', '', '', 14],
  ['Fabrikam Peripherals', 'Robert King', '', '+49 30 555 0123', 'Friedrichstraße 100\n10117 Berlin', null],
];

/** The demo store's suppliers (newest first), ids `60000000-…`. */
export const demoSuppliers: Supplier[] = SUPPLIER_ROWS.map(([name, contact, email, phone, address, leadTimeDays], i) => {
  const created = new Date(BASE_TIME + 4 * 24 * HOUR + i * 31 * HOUR).toISOString();
  return makeSupplier({ _id: fixtureId(6, i + 1), name, contact, email, phone, address, leadTimeDays, createdAt: created, updatedAt: created });
}).reverse();

/** Which demo products the demo suppliers supply (the first of a product its preferred one). */
export const demoSupplierLinks = [
  { product: 'ThinkPad X1 Carbon Gen 11', supplier: 'Ingram Micro', partNumber: '21HM004GUK', packSize: 1, lastCost: 1320 },
  { product: 'ThinkPad X1 Carbon Gen 11', supplier: 'Northwind Distribution', partNumber: 'NW-TPX1-11', packSize: 1, lastCost: 1355.5 },
  { product: 'Cat6 Patch Cable 2 m (10-pack)', supplier: 'Contoso Components', partNumber: 'C6-2M-10', packSize: 5, lastCost: 9.2 },
  { product: 'Logitech MX Master 3S', supplier: 'Fabrikam Peripherals', partNumber: 'FB-910-006559', packSize: 10, lastCost: 71.4 },
];

/** `n` generated suppliers (newest first) for "page 2 of many" stories; ids `70000000-…`. */
export function manySuppliers(n: number): Supplier[] {
  return Array.from({ length: n }, (_, i) => {
    const created = new Date(BASE_TIME + i * HOUR).toISOString();
    return makeSupplier({
      _id: fixtureId(7, i + 1),
      name: `Supplier ${String(i + 1).padStart(3, '0')}`,
      contact: i % 3 ? `Contact ${i + 1}` : '',
      email: `supplier${i + 1}@example.com`,
      phone: `+1 555 02${String(i % 100).padStart(2, '0')}`,
      leadTimeDays: i % 4 ? i % 20 : null,
      createdAt: created,
      updatedAt: created,
    });
  }).reverse();
}
