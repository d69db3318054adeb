/** A few bytes that are a PDF to a browser: enough for the screens and stories (the server draws the real ones). */
export const FAKE_PDF = `%PDF-1.4
1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj
trailer << /Root 1 0 R >>
%%EOF
`;
