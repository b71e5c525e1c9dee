import { mount } from "svelte";
import "./app.css";
import App from "./App.svelte";

performance.mark("kerf:boot");
const target = document.getElementById("app");
if (!target) throw new Error("#app is missing");
export default mount(App, { target });
