import 'adpx-offers/define'; // registers <adpx-offers>
import { mount } from 'svelte';
import App from './App.svelte';

const target = document.getElementById('app');
if (target) mount(App, { target, props: { endpoint: window.location.origin } });
