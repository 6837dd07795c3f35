import 'adpx-offers/define'; // registers <adpx-offers>
import type {} from 'adpx-offers/vue'; // template typings (GlobalComponents), types only
import { createApp } from 'vue';
import App from './App.vue';

createApp(App, { endpoint: window.location.origin }).mount('#app');
