// A bundler user: the package's `define` entry, resolved through its `exports`.
import 'adpx-offers/define';

document.getElementById('unit')?.setAttribute('endpoint', location.origin);
