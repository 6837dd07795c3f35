import type { Metadata } from 'next';
import type { ReactNode } from 'react';

// No favicon file: the browser asks for none (no 404 in the tests' console).
export const metadata: Metadata = { title: 'adpx-offers in Next.js', icons: { icon: 'data:,' } };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
