'use client';
import dynamic from 'next/dynamic';

/** The same component, rendered in the browser only: no `<adpx-offers>` in the server's HTML. */
export const ClientCheckout = dynamic(() => import('../checkout').then((module) => module.Checkout), {
  ssr: false,
});
