// Runs INSIDE the temporary project after `npm install qrcode` (scripts/pack-check.mjs): the mock
// finds the optional peer from the installed package and draws each offer's QR code.
import { fixtureOffers, qrCodeAvailable } from 'adpx-offers/mock';

const offers = await fixtureOffers('http://127.0.0.1:1');
const drawn = offers.filter((o) => o.qr_code_img.startsWith('data:image/png;base64,'));
if (!qrCodeAvailable() || drawn.length !== offers.length) {
  throw new Error(`pack check (qr): ${drawn.length} of ${offers.length} offers have a QR code`);
}
console.info(JSON.stringify({ qrCodes: drawn.length }));
